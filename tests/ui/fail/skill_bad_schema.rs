// `input_schema` and `output_schema` must be JSON Schemas, checked with `jsonschema`.
tackle::plugin! {
    id: "skills",
    skills: ["ui/skills/bad-schema.md"],
}

fn main() {}
