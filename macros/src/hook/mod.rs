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
use tackle_spec::hook::PointSpec;

use crate::errors::Errors;
use crate::item;

/// Everything `expand` needs, already validated.
pub(crate) struct HookModel {
    pub point: &'static PointSpec,
    pub options: options::HookOptions,
    pub signature: signature::Signature,
    pub description: String,
}

pub(crate) fn expand(args: TokenStream, item: TokenStream) -> TokenStream {
    item::expand(
        &item,
        "`#[hook]` goes on a free function: `fn name(ev: &BeforeToolCall) -> Decision`",
        |func, errors| {
            let options = options::parse(args, errors);
            if let Some(point) = options.point
                && point.kind == "decision"
            {
                point_type::add_point(&mut func.sig.output, point);
            }
            let signature = signature::read(func, options.point, errors);
            if let Some(point) = options.point {
                check_against_point(point, &options, &signature, errors);
            }
            let description = item::doc_text(&func.attrs);
            move || match options.point {
                Some(point) => expand::registration(&HookModel {
                    point,
                    options,
                    signature,
                    description,
                }),
                None => TokenStream::new(),
            }
        },
    )
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
