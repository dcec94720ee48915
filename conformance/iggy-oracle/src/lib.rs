//! Shared plumbing of the Iggy oracle binaries: wirevec v1 file building, hex, and the
//! mapping from the crate's `WireError` to the language-neutral error codes.
//!
//! Each area (commands, batch, consensus, ...) has its own binary in `src/bin/` that builds
//! values with the crate's own types, encodes them with the crate, and records the bytes,
//! the crate's own decode of them, and every rejection.

pub mod cases;

use iggy_binary_protocol::WireError;
use serde_json::{Map, Value, json};
use std::cell::RefCell;
use std::path::Path;

thread_local! {
    /// Byte strings the oracle laid out itself (not produced by a crate encoder), registered by
    /// [`laid_out_by_oracle`]. A test whose bytes contain one is stamped `provenance: "oracle-layout"`.
    static ORACLE_LAID: RefCell<Vec<Vec<u8>>> = const { RefCell::new(Vec::new()) };
}

/// Registers `bytes` as laid out by the oracle (a hand-built frame, a raw `to_le_bytes` field,
/// ...) and returns them. Every test whose bytes contain them is marked `provenance:
/// "oracle-layout"` when it is added to a file, so no hand layout is reported as the crate's.
pub fn laid_out_by_oracle(bytes: Vec<u8>) -> Vec<u8> {
    // Short strings would match unrelated tests by chance; those are marked per test instead.
    assert!(bytes.len() >= 16, "register layouts of at least 16 bytes, mark shorter ones per test");
    {
        ORACLE_LAID.with(|r| r.borrow_mut().push(bytes.clone()));
    }
    bytes
}

fn contains(hay: &[u8], needle: &[u8]) -> bool {
    needle.len() <= hay.len() && hay.windows(needle.len()).any(|w| w == needle)
}

/// Marks `test` (whose bytes are `bytes`) with the provenance fields: `provenance:
/// "oracle-layout"` when its bytes contain a registered oracle layout, and `codeSource: "oracle"`
/// when its error carries the [`oracle_code`] marker.
pub fn stamp_provenance(test: &mut Map<String, Value>, bytes: Option<&[u8]>) {
    if let Some(b) = bytes
        && !test.contains_key("provenance")
        && ORACLE_LAID.with(|r| r.borrow().iter().any(|l| contains(b, l)))
    {
        test.insert("provenance".into(), json!("oracle-layout"));
    }
    if let Some(Value::Object(e)) = test.get_mut("error")
        && e.remove(ORACLE_CODE_MARK).is_some()
    {
        test.insert("codeSource".into(), json!("oracle"));
    }
}

/// A TLV block (user headers, options) written by the crate's own `encode_user_headers`.
pub fn crate_tlv(entries: &[(u8, &[u8], u8, &[u8])]) -> Vec<u8> {
    let mut buf = bytes::BytesMut::new();
    iggy_binary_protocol::primitives::user_headers::encode_user_headers(entries, &mut buf);
    buf.to_vec()
}

const ORACLE_CODE_MARK: &str = "__oracleCode";

/// Marks an error JSON as a code the oracle chose (the crate's API cannot produce this rejection,
/// or the oracle's own pipeline labelled it); the test gets `codeSource: "oracle"`.
pub fn oracle_code(mut error: Value) -> Value {
    if let Value::Object(m) = &mut error {
        m.insert(ORACLE_CODE_MARK.into(), json!(true));
    }
    error
}

/// The crate version the vectors are produced with (kept in step with Cargo.toml).
pub const CRATE_NAME: &str = "iggy_binary_protocol";
#[cfg(not(any(feature = "edge8", feature = "v0110")))]
pub const CRATE_VERSION: &str = "0.11.1-edge.3";
/// The revision builds (edge8/, v0110/) name their own release.
#[cfg(feature = "edge8")]
pub const CRATE_VERSION: &str = "0.11.1-edge.8";
#[cfg(feature = "v0110")]
pub const CRATE_VERSION: &str = "0.11.0";

/// What a revision build appends to file and bin-directory names (`get_topic__edge8.json`);
/// empty for the default revision.
#[cfg(not(any(feature = "edge8", feature = "v0110")))]
pub const REVISION_SUFFIX: &str = "";
#[cfg(feature = "edge8")]
pub const REVISION_SUFFIX: &str = "__edge8";
#[cfg(feature = "v0110")]
pub const REVISION_SUFFIX: &str = "__v0_11_0";

/// Lowercase hex without separators.
pub fn hex(bytes: &[u8]) -> String {
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        s.push_str(&format!("{b:02x}"));
    }
    s
}

/// Parses lowercase/uppercase hex.
pub fn unhex(s: &str) -> Vec<u8> {
    (0..s.len() / 2)
        .map(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).expect("hex"))
        .collect()
}

/// The wirevec code for a crate rejection, with the crate's own text as detail.
pub fn error_json(e: &WireError) -> Value {
    let (code, offset): (&str, Option<usize>) = match e {
        WireError::UnexpectedEof { offset, .. } => ("TRUNCATED", Some(*offset)),
        WireError::InvalidUtf8 { offset } => ("INVALID_UTF8", Some(*offset)),
        WireError::UnknownCommand(_) => ("UNKNOWN_COMMAND", None),
        WireError::UnknownDiscriminant { offset, .. } => ("UNKNOWN_DISCRIMINANT", Some(*offset)),
        WireError::PayloadTooLarge { .. } => ("LIMIT_EXCEEDED", None),
        WireError::InvalidBatchChecksum { .. } | WireError::InvalidMessageChecksum { .. } => {
            ("CHECKSUM_MISMATCH", None)
        }
        _ => ("INVALID_VALUE", None),
    };
    let mut m = Map::new();
    m.insert("code".into(), json!(code));
    if let Some(o) = offset {
        m.insert("offset".into(), json!(o));
    }
    m.insert("detail".into(), json!(e.to_string()));
    Value::Object(m)
}

/// The `source` / `upstream` object naming the crate.
pub fn source() -> Value {
    json!({ "name": CRATE_NAME, "version": CRATE_VERSION })
}

/// Lowercase hex SHA-256.
pub fn sha256_hex(b: &[u8]) -> String {
    hex(ring::digest::digest(&ring::digest::SHA256, b).as_ref())
}

/// Writes `bytes` to `<out>/bin/<bin_dir>/<name>.bin` and returns the test's `file` reference
/// (its path is relative to vectors/, so `out` is vectors/iggy). Tests over 4 KiB carry their
/// bytes this way instead of inline hex.
pub fn bin_file(out: &Path, bin_dir: &str, name: &str, bytes: &[u8]) -> Value {
    // A revision build keeps its large vectors apart from the default's (bin/poll_messages__edge8/).
    let bin_dir = &if bin_dir.ends_with(REVISION_SUFFIX) { bin_dir.to_string() } else { format!("{bin_dir}{REVISION_SUFFIX}") };
    let rel = format!("bin/{bin_dir}/{name}.bin");
    let path = out.join(&rel);
    std::fs::create_dir_all(path.parent().unwrap()).expect("create bin dir");
    std::fs::write(&path, bytes).expect("write bin file");
    json!({ "path": format!("iggy/{rel}"), "sha256": sha256_hex(bytes), "length": bytes.len() })
}

/// Inline hex above this many characters (4 KiB of bytes) moves to a `.bin` file.
const MAX_INLINE_HEX: usize = 8192;

/// A wirevec v1 file under construction.
pub struct VectorFile {
    message: String,
    command_code: Option<u32>,
    header: Vec<String>,
    notes: Map<String, Value>,
    groups: Vec<(Value, Vec<Value>)>,
    all_oracle_layout: bool,
}

impl VectorFile {
    pub fn new(message: &str, command_code: Option<u32>) -> Self {
        Self { message: message.into(), command_code, header: vec![], notes: Map::new(), groups: vec![], all_oracle_layout: false }
    }

    pub fn header(&mut self, line: &str) -> &mut Self {
        self.header.push(line.into());
        self
    }

    pub fn note(&mut self, flag: &str, bug_type: &str, description: &str) -> &mut Self {
        self.notes.insert(flag.into(), json!({ "bugType": bug_type, "description": description }));
        self
    }

    /// Starts a group; `direction` is request/response/data, `framing` body/frame.
    pub fn group(&mut self, direction: &str, framing: &str) -> &mut Self {
        self.groups.push((json!({ "direction": direction, "framing": framing, "source": source() }), vec![]));
        self
    }

    /// Sets `key` on the test added last.
    pub fn mark_last(&mut self, key: &str, value: Value) -> &mut Self {
        let t = self.groups.last_mut().and_then(|g| g.1.last_mut()).expect("a test first");
        t.as_object_mut().unwrap().insert(key.into(), value);
        self
    }

    /// Every test added from now on is marked `provenance: "oracle-layout"` (the oracle laid out
    /// the bytes of the whole file; the crate only judged or decoded them).
    pub fn all_oracle_layout(&mut self) -> &mut Self {
        self.all_oracle_layout = true;
        self
    }

    fn push(&mut self, mut test: Map<String, Value>) {
        if self.all_oracle_layout {
            test.insert("provenance".into(), json!("oracle-layout"));
        }
        let bytes = test.get("hex").and_then(Value::as_str).map(unhex);
        stamp_provenance(&mut test, bytes.as_deref());
        let g = self.groups.last_mut().expect("group() first");
        g.1.push(Value::Object(test));
    }

    /// A valid, canonical test: `bytes` were produced by the crate, `value` is the crate's decode.
    pub fn valid(&mut self, name: &str, bytes: &[u8], value: Value) -> &mut Self {
        let mut t = Map::new();
        t.insert("name".into(), json!(name));
        t.insert("hex".into(), json!(hex(bytes)));
        t.insert("value".into(), value);
        t.insert("result".into(), json!("valid"));
        self.push(t);
        self
    }

    /// A decode-only valid test (the crate accepts the bytes but would not produce them).
    pub fn valid_decode(&mut self, name: &str, bytes: &[u8], value: Value) -> &mut Self {
        let mut t = Map::new();
        t.insert("name".into(), json!(name));
        t.insert("op".into(), json!("decode"));
        t.insert("hex".into(), json!(hex(bytes)));
        t.insert("value".into(), value);
        t.insert("result".into(), json!("valid"));
        t.insert("canonical".into(), json!(false));
        self.push(t);
        self
    }

    /// An invalid decode test with the crate's rejection.
    pub fn invalid(&mut self, name: &str, bytes: &[u8], error: Value, comment: Option<&str>) -> &mut Self {
        let mut t = Map::new();
        t.insert("name".into(), json!(name));
        if let Some(c) = comment {
            t.insert("comment".into(), json!(c));
        }
        t.insert("op".into(), json!("decode"));
        t.insert("hex".into(), json!(hex(bytes)));
        t.insert("result".into(), json!("invalid"));
        t.insert("error".into(), error);
        self.push(t);
        self
    }

    /// Adds a raw test object (for shapes the helpers above do not cover).
    pub fn raw(&mut self, test: Map<String, Value>) -> &mut Self {
        self.push(test);
        self
    }

    /// Writes the file (pretty JSON, stable order, tcIds numbered) to `dir/<file_name>`.
    pub fn write(&self, dir: &Path, file_name: &str) {
        // A revision build names its files after the crate release (`upstream.version` has it
        // whole): get_topic__edge8.json.
        let file_name = &format!("{}{REVISION_SUFFIX}.json", file_name.trim_end_matches(".json"));
        let mut tc = 0u64;
        let mut groups = vec![];
        for (g, tests) in &self.groups {
            let mut g = g.clone();
            let numbered: Vec<Value> = tests
                .iter()
                .map(|t| {
                    tc += 1;
                    let mut m = Map::new();
                    m.insert("tcId".into(), json!(tc));
                    for (k, v) in t.as_object().unwrap() {
                        let long = k == "hex" && v.as_str().is_some_and(|h| h.len() > MAX_INLINE_HEX);
                        if long {
                            let name = t["name"].as_str().expect("test name");
                            let stem = file_name.trim_end_matches(".json");
                            let bytes = unhex(v.as_str().unwrap());
                            m.insert("file".into(), bin_file(dir, stem, name, &bytes));
                        } else {
                            m.insert(k.clone(), v.clone());
                        }
                    }
                    Value::Object(m)
                })
                .collect();
            g.as_object_mut().unwrap().insert("tests".into(), Value::Array(numbered));
            groups.push(g);
        }
        let mut f = Map::new();
        f.insert("schema".into(), json!("wirevec-v1.schema.json"));
        f.insert("protocol".into(), json!("iggy"));
        f.insert("message".into(), json!(self.message));
        if let Some(c) = self.command_code {
            f.insert("commandCode".into(), json!(c));
        }
        f.insert("upstream".into(), source());
        f.insert("numberOfTests".into(), json!(tc));
        if !self.header.is_empty() {
            f.insert("header".into(), json!(self.header));
        }
        if !self.notes.is_empty() {
            f.insert("notes".into(), Value::Object(self.notes.clone()));
        }
        f.insert("testGroups".into(), Value::Array(groups));
        std::fs::create_dir_all(dir).expect("create vectors dir");
        let text = serde_json::to_string_pretty(&Value::Object(f)).unwrap() + "\n";
        std::fs::write(dir.join(file_name), text).expect("write vector file");
    }
}

/// Every proper prefix of `bytes` that the decoder rejects, as invalid tests named
/// `<prefix>.truncated-at-<n>`; prefixes the decoder accepts are skipped (they are valid
/// shorter values, e.g. when the last field is "rest of payload").
pub fn truncations<T>(
    file: &mut VectorFile,
    prefix: &str,
    bytes: &[u8],
    decode: impl Fn(&[u8]) -> Result<T, WireError>,
) {
    for n in 0..bytes.len() {
        if let Err(e) = decode(&bytes[..n]) {
            file.invalid(&format!("{prefix}.truncated-at-{n}"), &bytes[..n], error_json(&e), None);
        }
    }
}

/// Output directory: the first CLI argument, or `../../vectors/iggy` relative to this crate.
pub fn out_dir() -> std::path::PathBuf {
    std::env::args()
        .nth(1)
        .map(Into::into)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../vectors/iggy"))
}
