//! Schemas computed on first use and kept for the life of the process.

use std::sync::OnceLock;

use schemars::JsonSchema;
use serde_json::Value;

use crate::tool::IntoToolResult;

/// A schema computed on first use and kept for the life of the process.
/// Each item macro declares its own `static` cell, so each type gets one.
#[derive(Debug)]
pub struct SchemaCell(OnceLock<Value>);

impl SchemaCell {
    /// An empty cell, for a `static`.
    #[allow(clippy::new_without_default)]
    pub const fn new() -> Self {
        SchemaCell(OnceLock::new())
    }

    /// The portable schema of `T` (an input or config schema: object root).
    pub fn input<T: JsonSchema>(&'static self) -> &'static Value {
        self.0.get_or_init(crate::schema::portable::<T>)
    }

    /// The schema of `T` as schemars writes it, JSON Schema 2020-12 with
    /// `$schema`, `$defs` and `$ref` (`#[tool(raw_schema)]`).
    pub fn raw<T: JsonSchema>(&'static self) -> &'static Value {
        self.0.get_or_init(|| {
            schemars::generate::SchemaSettings::draft2020_12()
                .into_generator()
                .into_root_schema_for::<T>()
                .to_value()
        })
    }
}

/// A cell for an optional output schema.
#[derive(Debug)]
pub struct OutputSchemaCell(OnceLock<Option<Value>>);

impl OutputSchemaCell {
    /// An empty cell, for a `static`.
    #[allow(clippy::new_without_default)]
    pub const fn new() -> Self {
        OutputSchemaCell(OnceLock::new())
    }

    /// The output schema of a tool returning `R`, if it has one.
    pub fn get<R: IntoToolResult>(&'static self) -> Option<&'static Value> {
        self.0.get_or_init(R::output_schema).as_ref()
    }
}
