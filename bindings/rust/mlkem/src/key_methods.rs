// SPDX-License-Identifier: Apache-2.0 OR MIT
//! The methods every key type of the crate builds the same way around its
//! one fallible, derandomized call into C: ML-KEM's keys and expanded keys
//! (`types`, `expanded`) and X-Wing's (`xwing`). Each macro is invoked
//! inside the key type's `impl` block, which defines the method it wraps
//! (`try_encapsulate_derand`, `try_from_seed`, `try_decapsulate`); the
//! caller gives the first paragraph of each public method's documentation,
//! the macro adds the rest (the panics, the fallible twins).
//!
//! A new scheme's key types (a KEM of the C library over its descriptor)
//! get their randomized and panicking forms from these three macros and
//! [`zeroize_on_drop!`].

/// `encapsulate_methods!(coins: [u8; N], Ciphertext, SharedSecret; docs
/// encapsulate_derand; docs encapsulate_with_rng; docs encapsulate;)`:
/// `encapsulate_derand` (panics where `try_encapsulate_derand` fails),
/// `encapsulate_with_rng`, and with the feature `getrandom` `encapsulate`
/// and `try_encapsulate`, whose coins come from the operating system.
macro_rules! encapsulate_methods {
    (
        $coins:ident: $coins_ty:ty, $ct:ty, $ss:ty;
        $(#[$derand:meta])* encapsulate_derand;
        $(#[$rng:meta])* encapsulate_with_rng;
        $(#[$os:meta])* encapsulate;
    ) => {
        $(#[$derand])*
        ///
        /// # Panics
        /// Only if the C library cannot run (`MLKEM_BACKEND` naming a
        /// backend this CPU lacks; see [`Self::try_encapsulate_derand`]).
        pub fn encapsulate_derand(&self, $coins: &$coins_ty) -> ($ct, $ss) {
            crate::types::expect_ok(self.try_encapsulate_derand($coins), "encapsulation")
        }

        $(#[$rng])*
        pub fn encapsulate_with_rng<R: rand_core::CryptoRng + ?Sized>(
            &self,
            rng: &mut R,
        ) -> ($ct, $ss) {
            let Ok(r) = crate::random::from_rng(rng, |c| self.encapsulate_derand(c));
            r
        }

        $(#[$os])*
        ///
        /// # Panics
        /// If the operating system's random source fails (see
        /// [`Self::try_encapsulate`]).
        #[cfg(feature = "getrandom")]
        pub fn encapsulate(&self) -> ($ct, $ss) {
            crate::types::expect_ok(self.try_encapsulate(), "encapsulation")
        }

        /// As [`Self::encapsulate`]; [`Error::Random`](crate::Error::Random)
        /// if the random source fails.
        #[cfg(feature = "getrandom")]
        pub fn try_encapsulate(&self) -> Result<($ct, $ss), crate::Error> {
            crate::random::from_os(|c| self.try_encapsulate_derand(c))
        }
    };
}

/// `keygen_methods!(seed: [u8; N]; docs from_seed; docs generate; docs
/// generate_from_rng;)`: `from_seed` (panics where `try_from_seed` fails),
/// `generate_from_rng`, `try_generate_from_rng`, and with the feature
/// `getrandom` `generate` and `try_generate`, whose seed comes from the
/// operating system.
macro_rules! keygen_methods {
    (
        $seed:ident: $seed_ty:ty;
        $(#[$derand:meta])* from_seed;
        $(#[$os:meta])* generate;
        $(#[$rng:meta])* generate_from_rng;
    ) => {
        $(#[$derand])*
        ///
        /// # Panics
        /// Only if the C library cannot run (see [`Self::try_from_seed`]).
        pub fn from_seed($seed: &$seed_ty) -> Self {
            crate::types::expect_ok(Self::try_from_seed($seed), "key generation")
        }

        $(#[$os])*
        ///
        /// # Panics
        /// If the random source fails (see [`Self::try_generate`]).
        #[cfg(feature = "getrandom")]
        pub fn generate() -> Self {
            crate::types::expect_ok(Self::try_generate(), "key generation")
        }

        /// As [`Self::generate`]; [`Error::Random`](crate::Error::Random) if
        /// the random source fails.
        #[cfg(feature = "getrandom")]
        pub fn try_generate() -> Result<Self, crate::Error> {
            crate::random::from_os(Self::try_from_seed)
        }

        $(#[$rng])*
        pub fn generate_from_rng<R: rand_core::CryptoRng + ?Sized>(rng: &mut R) -> Self {
            let Ok(key) = Self::try_generate_from_rng(rng);
            key
        }

        /// As [`Self::generate_from_rng`], for a generator that can fail.
        pub fn try_generate_from_rng<R: rand_core::TryCryptoRng + ?Sized>(
            rng: &mut R,
        ) -> Result<Self, R::Error> {
            crate::random::from_rng(rng, Self::from_seed)
        }
    };
}

/// `decapsulate_method!(Ciphertext, SharedSecret; docs)`: `decapsulate`,
/// which panics where `try_decapsulate` fails.
macro_rules! decapsulate_method {
    ($ct:ty, $ss:ty; $(#[$doc:meta])*) => {
        $(#[$doc])*
        ///
        /// # Panics
        /// Only if the C library cannot run (see [`Self::try_decapsulate`]).
        pub fn decapsulate(&self, ct: &$ct) -> $ss {
            crate::types::expect_ok(self.try_decapsulate(ct), "decapsulation")
        }
    };
}

/// `zeroize_on_drop!([generics] Type)`: `Drop` by the type's `Zeroize`,
/// and the `ZeroizeOnDrop` marker.
macro_rules! zeroize_on_drop {
    ([$($generics:tt)*] $ty:ty) => {
        impl<$($generics)*> Drop for $ty {
            fn drop(&mut self) {
                zeroize::Zeroize::zeroize(self);
            }
        }

        impl<$($generics)*> zeroize::ZeroizeOnDrop for $ty {}
    };
}

/// Writes `name(` then the first 8 bytes of a public key in hex, then
/// `..)`: the `Debug` form of the encapsulation keys.
pub(crate) fn debug_key_prefix(
    f: &mut core::fmt::Formatter<'_>,
    name: core::fmt::Arguments<'_>,
    bytes: &[u8],
) -> core::fmt::Result {
    f.write_fmt(name)?;
    f.write_str("(")?;
    for b in &bytes[..8] {
        write!(f, "{b:02x}")?;
    }
    f.write_str("..)")
}
