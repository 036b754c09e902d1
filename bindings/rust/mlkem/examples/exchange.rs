// SPDX-License-Identifier: Apache-2.0 OR MIT
//! One ML-KEM-768 exchange with the keys and the ciphertext passed as
//! bytes, as over a network: `cargo run --example exchange`.
use libmlkem::{Ciphertext, DecapsulationKey, EncapsulationKey, Error, MlKem768, ParameterSet};

fn main() -> Result<(), Error> {
    // Receiver: a new key. Its seed (64 bytes) is the compact form to store.
    let dk = DecapsulationKey::<MlKem768>::generate();
    let ek_wire: Vec<u8> = dk.encapsulation_key().as_bytes().to_vec();

    // Sender: the key is checked (FIPS 203 section 7.2) as it is read.
    let ek = EncapsulationKey::<MlKem768>::from_bytes(&ek_wire)?;
    let (ct, sender_secret) = ek.encapsulate();
    let ct_wire: Vec<u8> = ct.as_bytes().to_vec();

    // Receiver: the ciphertext's length is checked as it is read.
    let receiver_secret = dk.decapsulate(&Ciphertext::from_bytes(&ct_wire)?);

    let agreed = receiver_secret == sender_secret;
    println!(
        "{} ({} backend): ek {} bytes, ciphertext {} bytes, secrets {}",
        MlKem768::NAME,
        libmlkem::backend_name(),
        ek_wire.len(),
        ct_wire.len(),
        if agreed { "agree" } else { "DIFFER" }
    );
    assert!(agreed);
    Ok(())
}
