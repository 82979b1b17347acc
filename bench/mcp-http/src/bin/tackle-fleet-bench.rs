//! The fleet benchmark's policy server (bench/fleet.sh): the guard and the
//! doom-loop breaker, whose streak every decision reads and writes in the
//! session store (memory, or Redis with `--session-store`).

tackle_runtime::link!(guard, doomloop);

fn main() -> std::process::ExitCode {
    tackle_runtime::host_cli::main()
}
