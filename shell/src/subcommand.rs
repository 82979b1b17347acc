//! Where a program's subcommand is, past the global options that may come
//! before it: `git -C dir push` pushes, `npm --registry x publish`
//! publishes, `cargo +nightly publish` publishes.

use super::wrappers::basename;

/// A program with subcommands, and its global options that take the next
/// word as their value (any other option is one word: a flag, or
/// `--name=value`, or a short option with its value attached: `-C.`).
struct Globals {
    program: &'static str,
    valued: &'static [&'static str],
}

const fn globals(program: &'static str, valued: &'static [&'static str]) -> Globals {
    Globals { program, valued }
}

/// The programs whose subcommands permission rules name most, with their
/// global options that take a value.
const PROGRAMS: [Globals; 17] = [
    globals(
        "git",
        &[
            "-C",
            "-c",
            "--git-dir",
            "--work-tree",
            "--namespace",
            "--config-env",
            "--super-prefix",
            "--attr-source",
        ],
    ),
    globals(
        "npm",
        &[
            "-w",
            "--workspace",
            "--registry",
            "--prefix",
            "--userconfig",
            "--globalconfig",
            "--cache",
            "--loglevel",
            "--otp",
            "--tag",
            "--access",
            "--scope",
            "--auth-type",
            "--include",
            "--omit",
            "--location",
            "--script-shell",
            "--before",
        ],
    ),
    globals(
        "pnpm",
        &[
            "-C",
            "--dir",
            "-F",
            "--filter",
            "--filter-prod",
            "--reporter",
            "--loglevel",
            "--store-dir",
            "--config-dir",
            "--registry",
            "--workspace-concurrency",
        ],
    ),
    globals(
        "yarn",
        &[
            "--cwd",
            "--cache-folder",
            "--modules-folder",
            "--registry",
            "--network-timeout",
            "--mutex",
            "--global-folder",
            "--link-folder",
            "--use-yarnrc",
        ],
    ),
    globals("bun", &["--cwd", "-c", "--config"]),
    globals("cargo", &["-C", "--config", "-Z", "--color"]),
    globals(
        "docker",
        &[
            "-H",
            "--host",
            "-c",
            "--context",
            "--config",
            "-l",
            "--log-level",
            "--tlscacert",
            "--tlscert",
            "--tlskey",
        ],
    ),
    globals(
        "podman",
        &[
            "-c",
            "--connection",
            "--url",
            "--root",
            "--runroot",
            "--log-level",
            "--storage-driver",
        ],
    ),
    globals(
        "kubectl",
        &[
            "-n",
            "--namespace",
            "--context",
            "--kubeconfig",
            "-s",
            "--server",
            "--cluster",
            "--user",
            "--token",
            "--as",
            "--as-group",
            "--cache-dir",
            "--request-timeout",
            "-v",
            "--v",
        ],
    ),
    globals(
        "helm",
        &[
            "-n",
            "--namespace",
            "--kube-context",
            "--kubeconfig",
            "--registry-config",
            "--repository-cache",
            "--repository-config",
        ],
    ),
    // `terraform -chdir=DIR apply`: its one global option is one word.
    globals("terraform", &[]),
    globals("tofu", &[]),
    globals(
        "aws",
        &[
            "--profile",
            "--region",
            "--output",
            "--endpoint-url",
            "--query",
            "--ca-bundle",
            "--color",
            "--cli-read-timeout",
            "--cli-connect-timeout",
        ],
    ),
    globals(
        "gcloud",
        &[
            "--project",
            "--account",
            "--configuration",
            "--format",
            "--verbosity",
            "--impersonate-service-account",
            "--billing-project",
            "--flags-file",
        ],
    ),
    globals("go", &["-C"]),
    globals(
        "uv",
        &[
            "--directory",
            "--project",
            "--config-file",
            "--cache-dir",
            "--color",
        ],
    ),
    globals("poetry", &["-C", "--directory", "-P", "--project"]),
];

/// The index in `words` of the subcommand of the program `words[0]`, past
/// its global options, when the program is one whose global options the
/// reader knows (`git`, `npm`, `pnpm`, `yarn`, `bun`, `cargo`, `docker`,
/// `podman`, `kubectl`, `helm`, `terraform`, `aws`, `gcloud`, `go`, `uv`,
/// `poetry`); `None` for another program, or one with no subcommand.
///
/// ```
/// use tackle_shell::subcommand;
///
/// let words = |line: &str| -> Vec<String> { line.split(' ').map(str::to_owned).collect() };
/// assert_eq!(subcommand(&words("git -C sub -c a=b push")), Some(5));
/// assert_eq!(subcommand(&words("npm --yes --registry=x publish")), Some(3));
/// assert_eq!(subcommand(&words("cargo +nightly publish")), Some(2));
/// assert_eq!(subcommand(&words("ls -la")), None);
/// ```
pub fn subcommand(words: &[String]) -> Option<usize> {
    let (program, args) = words.split_first()?;
    let program = basename(program);
    let program = program.strip_suffix(".exe").unwrap_or(program);
    let globals = PROGRAMS.iter().find(|g| g.program == program)?;
    let mut i = 0;
    while let Some(arg) = args.get(i) {
        if arg == "--" {
            return args.get(i + 1).map(|_| i + 2);
        }
        // `cargo +nightly publish`: a toolchain before the subcommand.
        let toolchain = program == "cargo" && i == 0 && arg.starts_with('+');
        let option = arg.starts_with('-') && arg.len() > 1;
        if !(option || toolchain) {
            return Some(i + 1);
        }
        i += if globals.valued.contains(&arg.as_str()) {
            2
        } else {
            1
        };
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<String> {
        line.split(' ').map(str::to_owned).collect()
    }

    /// The subcommand and what follows it.
    fn from_subcommand(line: &str) -> Option<String> {
        let words = words(line);
        subcommand(&words).map(|at| words[at..].join(" "))
    }

    #[test]
    fn global_options_before_the_subcommand_are_skipped() {
        for (line, rest) in [
            ("git push origin", "push origin"),
            ("git -C . push", "push"),
            ("git -C. push", "push"),
            ("git -c a=b -c c=d push -f", "push -f"),
            ("git --git-dir=x --work-tree y push", "push"),
            ("git --no-pager -p push", "push"),
            ("/usr/bin/git --bare push", "push"),
            ("npm --yes publish", "publish"),
            ("npm -y publish --tag next", "publish --tag next"),
            ("npm --registry=x publish", "publish"),
            ("npm --registry x publish", "publish"),
            ("npm -w pkg publish", "publish"),
            ("npm --workspace pkg publish", "publish"),
            ("npm --tag next publish", "publish"),
            ("pnpm -r publish", "publish"),
            ("pnpm -C web --filter app publish", "publish"),
            ("yarn --cwd web publish", "publish"),
            ("cargo +nightly publish", "publish"),
            ("cargo --locked publish", "publish"),
            ("cargo -Z unstable-options publish", "publish"),
            ("docker -H x --context y push img", "push img"),
            ("kubectl -n prod delete pod x", "delete pod x"),
            ("terraform -chdir=infra destroy", "destroy"),
            ("aws --profile p s3 rm s3://b", "s3 rm s3://b"),
            ("go -C sub build", "build"),
        ] {
            assert_eq!(from_subcommand(line).as_deref(), Some(rest), "{line}");
        }
        for line in ["ls -la", "git", "git --version", "npm -y", "make -C x all"] {
            assert_eq!(from_subcommand(line), None, "{line}");
        }
    }
}
