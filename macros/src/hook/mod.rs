//! `#[hook(point, ...)]`: read the point, the options and the function into
//! a [`HookModel`], check them against the catalogue, expand to the
//! function plus its registration.

mod expand;
mod options;
pub(crate) mod patterns;
mod point_type;
mod signature;
mod taken;

pub(crate) use taken::expand as decision_points;

use proc_macro2::TokenStream;
use quote::quote;
use tackle_spec::hook::PointSpec;

use crate::errors::Errors;

/// Everything `expand` needs, already validated.
pub(crate) struct HookModel {
    pub point: &'static PointSpec,
    pub options: options::HookOptions,
    pub signature: signature::Signature,
    pub description: String,
}

pub(crate) fn expand(args: TokenStream, item: TokenStream) -> TokenStream {
    let mut errors = Errors::default();
    let mut func: syn::ItemFn = match syn::parse2(item.clone()) {
        Ok(func) => func,
        Err(e) => {
            let e = syn::Error::new(
                e.span(),
                "`#[hook]` goes on a free function: `fn name(ev: &BeforeToolCall) -> Decision`",
            );
            let err = e.to_compile_error();
            return quote! { #item #err };
        }
    };
    let options = options::parse(args, &mut errors);
    if let Some(point) = options.point
        && point.kind == "decision"
    {
        point_type::add_point(&mut func.sig.output, point);
    }
    let signature = signature::read(&mut func, options.point, &mut errors);
    if let Some(point) = options.point {
        check_against_point(point, &options, &signature, &mut errors);
    }
    let description = crate::tool::doc_text(&func.attrs);
    let registration = match options.point {
        Some(point) if errors.is_empty() => expand::registration(&HookModel {
            point,
            options,
            signature,
            description,
        }),
        _ => TokenStream::new(),
    };
    let compile_errors = errors.to_compile_errors();
    quote! {
        #func
        #registration
        #compile_errors
    }
}

/// The options that only make sense at some points.
fn check_against_point(
    point: &PointSpec,
    options: &options::HookOptions,
    signature: &signature::Signature,
    errors: &mut Errors,
) {
    if let Some(lit) = &options.matcher
        && point.matcher.is_none()
    {
        errors.spanned(
            lit,
            format!(
                "`{}` has nothing for a matcher to match; matchers apply at points such as `before_tool_call` (the tool name) or `session_start` (the source)",
                point.name
            ),
        );
    }
    if let Some(lit) = &options.args
        && point.args.is_none()
    {
        errors.spanned(
            lit,
            format!(
                "`{}` has no tool arguments for `args` to look at; `args` applies at tool points such as `before_tool_call`",
                point.name
            ),
        );
    }
    if let Some((true, span)) = options.closed
        && !point.can_deny()
    {
        let why = match point.kind {
            "observer" => format!(
                "`{}` is an observer point: its hooks cannot deny",
                point.name
            ),
            _ => format!(
                "hooks at `{}` cannot deny (they may: {})",
                point.name,
                point.actions.join(", ")
            ),
        };
        errors.at(
            span,
            format!("`on_error = \"closed\"` makes a failing hook deny, and {why}; drop it"),
        );
    }
    if let Some((_, span)) = options.timeout_ms
        && !signature.is_async
    {
        errors.at(
            span,
            "`timeout_ms` needs an `async fn`: a sync hook runs inline on the dispatching thread and cannot be interrupted; make the hook `async`, or drop `timeout_ms`",
        );
    }
}
