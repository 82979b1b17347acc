//! Counts kept per peer (the client's address), each under a cap: the
//! connections a peer holds open, and its requests waiting for their
//! bodies. One peer reaching a cap is refused; the others are not.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::sync::{Arc, Mutex, PoisonError};

/// Who a peer is: its IPv4 address, or the /64 prefix of its IPv6 one
/// (one host usually holds a whole /64, so counting its addresses one by
/// one would give it millions of caps).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct Peer(IpAddr);

impl Peer {
    /// For a request that came without its peer (none does over TCP).
    pub(super) const UNKNOWN: Peer = Peer(IpAddr::V4(Ipv4Addr::UNSPECIFIED));

    pub(super) fn of(ip: IpAddr) -> Peer {
        match ip {
            IpAddr::V4(v4) => Peer(IpAddr::V4(v4)),
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => Peer(IpAddr::V4(v4)),
                None => {
                    let prefix = u128::from(v6) & !u128::from(u64::MAX);
                    Peer(IpAddr::V6(Ipv6Addr::from(prefix)))
                }
            },
        }
    }
}

impl std::fmt::Display for Peer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            IpAddr::V4(v4) => write!(f, "{v4}"),
            IpAddr::V6(v6) => write!(f, "{v6}/64"),
        }
    }
}

/// How many of something each peer holds, each at most `max`.
#[derive(Debug)]
pub(super) struct PerPeer {
    held: Mutex<HashMap<Peer, usize>>,
    max: usize,
}

impl PerPeer {
    pub(super) fn new(max: usize) -> Arc<PerPeer> {
        Arc::new(PerPeer {
            held: Mutex::new(HashMap::new()),
            max: max.max(1),
        })
    }

    /// The cap.
    pub(super) fn max(&self) -> usize {
        self.max
    }

    /// One more for `peer`, given back when the slot drops; `None` when
    /// the peer holds `max` already.
    pub(super) fn take(self: &Arc<Self>, peer: Peer) -> Option<PeerSlot> {
        let mut held = self.held.lock().unwrap_or_else(PoisonError::into_inner);
        let count = held.entry(peer).or_insert(0);
        if *count >= self.max {
            return None;
        }
        *count += 1;
        Some(PeerSlot {
            of: self.clone(),
            peer,
        })
    }

    fn give_back(&self, peer: Peer) {
        let mut held = self.held.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(count) = held.get_mut(&peer) {
            *count -= 1;
            if *count == 0 {
                held.remove(&peer);
            }
        }
    }

    /// How many peers hold something (none kept at zero).
    #[cfg(test)]
    fn peers(&self) -> usize {
        self.held
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }
}

/// One of a peer's slots; given back on drop.
#[derive(Debug)]
pub(super) struct PeerSlot {
    of: Arc<PerPeer>,
    peer: Peer,
}

impl Drop for PeerSlot {
    fn drop(&mut self) {
        self.of.give_back(self.peer);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().expect("an address")
    }

    #[test]
    fn each_peer_has_its_own_cap_and_slots_come_back() {
        let caps = PerPeer::new(2);
        let a = Peer::of(ip("10.0.0.1"));
        let b = Peer::of(ip("10.0.0.2"));
        let first = caps.take(a).expect("a first slot");
        let _second = caps.take(a).expect("a second slot");
        assert!(caps.take(a).is_none(), "a third is over the cap");
        assert!(caps.take(b).is_some(), "another peer is not held up");
        drop(first);
        assert!(caps.take(a).is_some(), "a slot given back is taken again");
    }

    #[test]
    fn a_peer_that_holds_nothing_is_forgotten() {
        let caps = PerPeer::new(4);
        let slot = caps.take(Peer::of(ip("127.0.0.1")));
        assert_eq!(caps.peers(), 1);
        drop(slot);
        assert_eq!(caps.peers(), 0);
    }

    #[test]
    fn an_ipv6_host_is_its_64_prefix_and_a_mapped_ipv4_is_the_ipv4() {
        assert_eq!(
            Peer::of(ip("2001:db8:1:2:aaaa::1")),
            Peer::of(ip("2001:db8:1:2:bbbb::9"))
        );
        assert_ne!(
            Peer::of(ip("2001:db8:1:2::1")),
            Peer::of(ip("2001:db8:1:3::1"))
        );
        assert_eq!(Peer::of(ip("::ffff:192.0.2.7")), Peer::of(ip("192.0.2.7")));
        assert_eq!(
            Peer::of(ip("2001:db8:1:2::1")).to_string(),
            "2001:db8:1:2::/64"
        );
    }
}
