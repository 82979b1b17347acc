//! The server's stdin and stdout.
//!
//! Two things matter here. Only protocol messages may reach stdout, so the
//! protocol gets private copies of fds 0 and 1, and then fd 1 points at
//! stderr and fd 0 at `/dev/null`: a plugin's `println!` lands on stderr
//! instead of corrupting the stream, and a tool's child process cannot
//! read the client's messages. And speed: when stdin and stdout are pipes
//! or sockets (as MCP clients start servers), they are read and written
//! non-blocking on the runtime's reactor, with no thread hop per message as
//! tokio's own stdio takes. Anything else (a terminal, a file) is read and
//! written through tokio's blocking threads.

use std::fs::File;
use std::io::{self, Write};
use std::os::fd::OwnedFd;

use rustix::fs::{FileType, OFlags};
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::UnixStream;
use tokio::net::unix::pipe;

/// The protocol's reader and writer.
pub(crate) type Reader = Box<dyn AsyncRead + Send + Unpin>;
pub(crate) type Writer = Box<dyn AsyncWrite + Send + Unpin>;

/// Takes fds 0 and 1 for the protocol and points them elsewhere. Must run
/// inside a tokio runtime with I/O enabled.
pub(crate) fn take() -> io::Result<(Reader, Writer)> {
    let input = rustix::io::fcntl_dupfd_cloexec(io::stdin(), 3)?;
    let output = rustix::io::fcntl_dupfd_cloexec(io::stdout(), 3)?;
    io::stdout().flush()?;
    rustix::stdio::dup2_stdout(io::stderr())?;
    let null = rustix::fs::open("/dev/null", OFlags::RDONLY | OFlags::CLOEXEC, 0.into())?;
    rustix::stdio::dup2_stdin(&null)?;

    Ok((reader(input)?, writer(output)?))
}

/// Stdin as a non-blocking pipe or socket, else through tokio's threads.
fn reader(fd: OwnedFd) -> io::Result<Reader> {
    Ok(match kind(&fd)? {
        FileType::Fifo => Box::new(pipe::Receiver::from_owned_fd(fd)?),
        FileType::Socket => Box::new(socket(fd)?),
        _ => Box::new(tokio::fs::File::from_std(File::from(fd))),
    })
}

/// Stdout, as [`reader`] takes stdin.
fn writer(fd: OwnedFd) -> io::Result<Writer> {
    Ok(match kind(&fd)? {
        FileType::Fifo => Box::new(pipe::Sender::from_owned_fd(fd)?),
        FileType::Socket => Box::new(socket(fd)?),
        _ => Box::new(tokio::fs::File::from_std(File::from(fd))),
    })
}

fn kind(fd: &OwnedFd) -> io::Result<FileType> {
    Ok(FileType::from_raw_mode(rustix::fs::fstat(fd)?.st_mode))
}

fn socket(fd: OwnedFd) -> io::Result<UnixStream> {
    let stream = std::os::unix::net::UnixStream::from(fd);
    stream.set_nonblocking(true)?;
    UnixStream::from_std(stream)
}
