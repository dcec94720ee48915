//! XXH3-64 (seed 0) known answers: the hash Iggy puts in every message, batch and consensus
//! header. 240-byte inputs go through the crate's own `frame_checksum_bytes` (which hashes
//! bytes 16..256 of a header); other lengths through `twox_hash::XxHash3_64`, the very
//! implementation the crate calls (same version, resolved through the crate's lock).

use iggy_binary_protocol::{HEADER_SIZE, frame_checksum_bytes};
use iggy_oracle::{VectorFile, hex, out_dir};
use serde_json::json;
use twox_hash::XxHash3_64;

/// Deterministic input bytes: pattern `p` at length `n`.
fn input(n: usize, p: u32) -> Vec<u8> {
    (0..n)
        .map(|i| match p {
            0 => 0u8,
            1 => ((i as u32).wrapping_mul(7).wrapping_add(3) & 0xff) as u8,
            _ => ((i as u32).wrapping_mul(2_654_435_761).rotate_right(13) & 0xff) as u8,
        })
        .collect()
}

fn main() {
    let dir = out_dir();
    let mut f = VectorFile::new("Xxh3_64", None);
    f.header("XXH3-64 with seed 0, the checksum of Iggy messages, batches and consensus headers.");
    f.header("value = the 64-bit hash as a decimal string; hex = the hashed input.");

    f.group("data", "body");
    for p in 0..3u32 {
        let mut header = [0u8; HEADER_SIZE];
        let body = input(HEADER_SIZE - 16, p);
        header[16..].copy_from_slice(&body);
        let h = frame_checksum_bytes(&header);
        f.raw(obj(&format!("crate.frame-checksum.p{p}"), &body, h.to_string(), "via frame_checksum_bytes"));
    }

    let lengths: Vec<usize> = (0..=260).chain([300, 511, 512, 1000, 1024, 1025, 4095, 4096]).collect();
    for &n in &lengths {
        for p in [1u32, 2] {
            let data = input(n, p);
            let h = XxHash3_64::oneshot(&data);
            f.raw(obj(&format!("len{n}.p{p}"), &data, h.to_string(), "via twox_hash::XxHash3_64"));
        }
    }
    f.write(&dir, "xxh3_64.json");
}

fn obj(name: &str, data: &[u8], value: String, how: &str) -> serde_json::Map<String, serde_json::Value> {
    let v = json!({
        "name": name,
        "comment": how,
        "op": "decode",
        "hex": hex(data),
        "value": value,
        "result": "valid"
    });
    v.as_object().unwrap().clone()
}
