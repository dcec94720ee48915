//! Case plumbing shared by the command binaries: every valid case is encoded by the crate,
//! decoded back by the crate and recorded from the decoded value; every invalid case is
//! asserted to be rejected by the crate before it is recorded.

use crate::{VectorFile, error_json, hex, truncations};
use iggy_binary_protocol::{WireDecode, WireEncode, WireError};
use serde_json::{Map, Value, json};

/// Whole-payload decode as a receiver does it (`decode_from`: where the crate rejects trailing
/// bytes for the types that do).
pub fn dec<T: WireDecode>(bytes: &[u8]) -> Result<T, WireError> {
    T::decode_from(bytes)
}

/// Encodes `v` with the crate, decodes it back, checks exact consumption and a stable
/// re-encode, and records a canonical valid test. Returns the bytes.
pub fn valid<T: WireEncode + WireDecode>(f: &mut VectorFile, name: &str, v: &T, j: impl Fn(&T) -> Value) -> Vec<u8> {
    let bytes = v.to_bytes().to_vec();
    assert_eq!(v.encoded_size(), bytes.len(), "{name}: encoded_size");
    let (d, consumed) = T::decode(&bytes).unwrap_or_else(|e| panic!("{name}: crate rejects its own bytes: {e}"));
    assert_eq!(consumed, bytes.len(), "{name}: consumed");
    dec::<T>(&bytes).unwrap_or_else(|e| panic!("{name}: decode_from: {e}"));
    assert_eq!(d.to_bytes().to_vec(), bytes, "{name}: re-encode differs");
    f.valid(name, &bytes, j(&d));
    bytes
}

/// Records an invalid decode test; panics if the crate accepts the bytes.
pub fn invalid<T: WireDecode>(f: &mut VectorFile, name: &str, bytes: &[u8], comment: &str) {
    match dec::<T>(bytes) {
        Ok(_) => panic!("{name}: crate accepts bytes expected invalid: {}", hex(bytes)),
        Err(e) => {
            f.invalid(name, bytes, error_json(&e), Some(comment));
        }
    }
}

/// Every rejected proper prefix.
pub fn truncs<T: WireDecode>(f: &mut VectorFile, prefix: &str, bytes: &[u8]) {
    truncations(f, prefix, bytes, dec::<T>);
}

/// `bytes` and one extra byte: invalid where the crate rejects it, otherwise "acceptable" (the
/// crate ignores it; a strict decoder says TRAILING_BYTES).
pub fn trailing<T: WireDecode>(f: &mut VectorFile, prefix: &str, bytes: &[u8], j: impl Fn(&T) -> Value) {
    let mut b = bytes.to_vec();
    b.push(0);
    let name = format!("{prefix}.trailing-byte");
    match dec::<T>(&b) {
        Err(e) => {
            f.invalid(&name, &b, error_json(&e), Some("one byte after the value"));
        }
        Ok(v) => {
            let mut t = Map::new();
            t.insert("name".into(), json!(name));
            t.insert("comment".into(), json!("one byte after the value: the crate's decode_from ignores it"));
            t.insert("op".into(), json!("decode"));
            t.insert("hex".into(), json!(hex(&b)));
            t.insert("value".into(), j(&v));
            t.insert("result".into(), json!("acceptable"));
            t.insert("error".into(), json!({ "code": "TRAILING_BYTES" }));
            // The crate accepts it: the code a strict decoder gives is the oracle's choice.
            t.insert("codeSource".into(), json!("oracle"));
            f.raw(t);
        }
    }
}
