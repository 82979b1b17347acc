//! `#[tool]`: read the options and the function into a [`ToolModel`],
//! validate both, expand to the function plus its registration.

mod expand;
mod options;
mod signature;

use proc_macro2::TokenStream;
use quote::quote;

use crate::errors::Errors;

/// Everything `expand` needs, already validated.
pub(crate) struct ToolModel {
    pub options: options::ToolOptions,
    pub signature: crate::arguments::Signature,
    pub description: String,
}

pub(crate) fn expand(args: TokenStream, item: TokenStream) -> TokenStream {
    let mut errors = Errors::default();
    let mut func: syn::ItemFn = match syn::parse2(item.clone()) {
        Ok(func) => func,
        Err(e) => {
            let e = syn::Error::new(
                e.span(),
                "`#[tool]` goes on a free function: `fn name(args...) -> Output`",
            );
            let err = e.to_compile_error();
            return quote! { #item #err };
        }
    };
    let options = options::parse(args, &mut errors);
    if options.name.is_none() {
        // Without `name = "..."` the function's name is the tool's, and a Rust
        // identifier can still be one no client accepts (`zählen`, too long).
        let name = func.sig.ident.to_string();
        let name = name.trim_start_matches("r#");
        if let Err(problem) = tackle_spec::names::tool_name(name) {
            errors.spanned(
                &func.sig.ident,
                format!(
                    "the tool takes its name from the function, and {problem}; give it another with `#[tool(name = \"...\")]`"
                ),
            );
        }
    }
    let signature = signature::read(&mut func, &mut errors);
    let description = options
        .description
        .as_ref()
        .map(syn::LitStr::value)
        .unwrap_or_else(|| doc_text(&func.attrs));
    if description.trim().is_empty() {
        errors.spanned(
            &func.sig.ident,
            format!(
                "tool `{}` has no description, and the model sees nothing else: add a doc comment (`/// What it does.`) or `#[tool(description = \"...\")]`",
                func.sig.ident
            ),
        );
    }
    let model = ToolModel {
        options,
        signature,
        description,
    };
    let registration = if errors.is_empty() {
        expand::registration(&model)
    } else {
        TokenStream::new()
    };
    let compile_errors = errors.to_compile_errors();
    quote! {
        #func
        #registration
        #compile_errors
    }
}

/// The text of `///` comments (`#[doc = "..."]`), one space of indent removed,
/// lines joined with newlines, trimmed.
pub(crate) fn doc_text(attrs: &[syn::Attribute]) -> String {
    let mut lines = Vec::new();
    for attr in attrs {
        if !attr.path().is_ident("doc") {
            continue;
        }
        if let syn::Meta::NameValue(nv) = &attr.meta
            && let syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s),
                ..
            }) = &nv.value
        {
            let text = s.value();
            for line in text.lines() {
                lines.push(line.strip_prefix(' ').unwrap_or(line).trim_end().to_owned());
            }
        }
    }
    lines.join("\n").trim().to_owned()
}
