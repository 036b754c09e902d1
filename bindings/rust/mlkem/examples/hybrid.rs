// SPDX-License-Identifier: Apache-2.0 OR MIT
//! The hybrids with their bytes passed as over a network: a TLS 1.3
//! X25519MLKEM768 key exchange, then an X-Wing exchange:
//! `cargo run --example hybrid`.
use libmlkem::{tls, xwing, Error};

fn main() -> Result<(), Error> {
    // Client: a share for its ClientHello; the state stays with it, for one
    // finish (which consumes it).
    let (share, state) = tls::client_share();
    let hello: Vec<u8> = share.as_bytes().to_vec();

    // Server: the client's ML-KEM key is checked, and a small-order X25519
    // point refused (Error::X25519Zero: abort the handshake).
    let (reply, server_secret) = tls::server_share(&tls::ClientShare::from_bytes(&hello)?)?;
    let reply_wire: Vec<u8> = reply.as_bytes().to_vec();

    // Client: the same 64-byte secret, into the TLS key schedule.
    let client_secret = state.finish(&tls::ServerShare::from_bytes(&reply_wire)?)?;
    let tls_agreed = client_secret == server_secret;
    println!(
        "X25519MLKEM768 (group {:#06x}): client share {} bytes, server share {}, secrets {}",
        tls::GROUP,
        hello.len(),
        reply_wire.len(),
        if tls_agreed { "agree" } else { "DIFFER" }
    );

    // X-Wing: the private key is its 32-byte seed (store dk.seed()).
    let dk = xwing::DecapsulationKey::generate();
    let pk_wire: Vec<u8> = dk.encapsulation_key().as_bytes().to_vec();
    let (ct, sender_secret) = xwing::EncapsulationKey::from_bytes(&pk_wire)?.encapsulate();
    let ct_wire: Vec<u8> = ct.as_bytes().to_vec();
    let receiver_secret = dk.decapsulate(&xwing::Ciphertext::from_bytes(&ct_wire)?);
    let xwing_agreed = receiver_secret == sender_secret;
    println!(
        "X-Wing: public key {} bytes, ciphertext {}, secrets {}",
        pk_wire.len(),
        ct_wire.len(),
        if xwing_agreed { "agree" } else { "DIFFER" }
    );
    assert!(tls_agreed && xwing_agreed);
    Ok(())
}
