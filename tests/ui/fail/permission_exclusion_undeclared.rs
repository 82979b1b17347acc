// `owner_wildcard_exclusions` names permissions of this plugin: a typo gets
// the nearest one, a full name gets the short one, a name listed twice is
// refused.
tackle::plugin! {
    id: "release",
    permissions: ["publish", "yank"],
    owner_wildcard_exclusions: ["yankk", "release:publish", "deploy", "yank", "yank"],
}

fn main() {}
