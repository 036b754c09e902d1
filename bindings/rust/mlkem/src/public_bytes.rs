// SPDX-License-Identifier: Apache-2.0 OR MIT
//! The fixed-size public byte strings of the hybrid schemes (X-Wing's
//! ciphertext, the TLS key shares): a newtype over `[u8; N]` that reads
//! bytes of exactly that length.

/// `public_bytes!(doc, Name, N, LengthError)`: `Name([u8; N])` with
/// `from_bytes` (LengthError for another length), `from_array`, `as_bytes`,
/// and the traits of a public value (Copy, Eq, Hash, AsRef, TryFrom).
macro_rules! public_bytes {
    ($(#[$doc:meta])* $name:ident, $len:expr, $error:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash)]
        pub struct $name(pub(crate) [u8; $len]);

        impl $name {
            /// The value from its encoding; an error unless it has exactly
            /// the size of the type.
            pub fn from_bytes(bytes: &[u8]) -> Result<Self, crate::Error> {
                let array = bytes.try_into().map_err(|_| $error)?;
                Ok($name(array))
            }

            /// The value from an array of its size: no check needed.
            pub fn from_array(bytes: [u8; $len]) -> Self {
                $name(bytes)
            }

            /// The encoding.
            pub fn as_bytes(&self) -> &[u8; $len] {
                &self.0
            }
        }

        impl AsRef<[u8]> for $name {
            fn as_ref(&self) -> &[u8] {
                &self.0
            }
        }

        impl TryFrom<&[u8]> for $name {
            type Error = crate::Error;
            fn try_from(bytes: &[u8]) -> Result<Self, crate::Error> {
                Self::from_bytes(bytes)
            }
        }

        impl core::fmt::Debug for $name {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                write!(f, concat!(stringify!($name), "({} bytes)"), $len)
            }
        }
    };
}
