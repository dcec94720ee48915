//! Runs streamwire's wirevec Kafka API vectors against the `kafka-protocol` crate (generic
//! decode/encode by API key and version through `RequestKind` / `ResponseKind`). Reads only
//! vectors/ (manifest + vector files); prints one JSON line per test (see ../README.md).

use bytes::{Bytes, BytesMut};
use kafka_protocol::messages::{ApiKey, RequestKind, ResponseKind};
use serde_json::{json, Value};
use std::io::Write;
use std::path::Path;

fn unhex(s: &str) -> Vec<u8> {
    (0..s.len() / 2).map(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).expect("hex")).collect()
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// Decodes the whole body and re-encodes it; bytes the decoder leaves over are reported (the
/// crate decodes from a buffer and leaves the rest to the caller).
fn roundtrip(key: ApiKey, response: bool, input: &[u8], version: i16) -> Result<(Vec<u8>, usize), String> {
    let mut buf = Bytes::copy_from_slice(input);
    let mut out = BytesMut::new();
    if response {
        let v = ResponseKind::decode(key, &mut buf, version).map_err(|e| format!("{e:#}"))?;
        v.encode(&mut out, version).map_err(|e| format!("encode: {e:#}"))?;
    } else {
        let v = RequestKind::decode(key, &mut buf, version).map_err(|e| format!("{e:#}"))?;
        v.encode(&mut out, version).map_err(|e| format!("encode: {e:#}"))?;
    }
    Ok((out.to_vec(), buf.len()))
}

/// The crate aborts the process on some hostile inputs (an allocation sized by a wire count),
/// which `catch_unwind` cannot catch. So the parent runs the tests in a child process that
/// announces each test on stderr before running it; when the child dies, the parent records
/// that test as rejected by a crash and restarts the child after it (skipping the files before).
fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("--child") {
        // --child <dir> [<file> <tcId>]: resume after that test.
        let resume = args.get(3).map(|f| (f.clone(), args[4].parse::<i64>().unwrap()));
        return child(&args[2], resume);
    }
    let dir = args.get(1).cloned().unwrap_or_else(|| "vectors".into());
    let me = std::env::current_exe().unwrap();
    let mut resume: Option<(String, i64)> = None;
    let stdout = std::io::stdout();
    let mut w = std::io::BufWriter::new(stdout.lock());
    loop {
        let mut child_args = vec!["--child".to_string(), dir.clone()];
        if let Some((f, t)) = &resume {
            child_args.push(f.clone());
            child_args.push(t.to_string());
        }
        let out = std::process::Command::new(&me)
            .args(&child_args)
            .stderr(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        let lines: Vec<&str> = text.lines().collect();
        for l in &lines {
            writeln!(w, "{l}").unwrap();
        }
        if out.status.success() {
            break;
        }
        let err = String::from_utf8_lossy(&out.stderr);
        let pending = err.lines().filter_map(|l| l.strip_prefix("PENDING ")).last().expect("crash outside a test");
        let why = err.lines().find(|l| !l.starts_with("PENDING ")).unwrap_or("killed");
        let mut o: Value = serde_json::from_str(pending).unwrap();
        o["outcome"] = json!("error");
        o["detail"] = json!(format!("process aborted: {why}"));
        writeln!(w, "{o}").unwrap();
        resume = Some((o["file"].as_str().unwrap().to_string(), o["tcId"].as_i64().unwrap()));
    }
}

fn child(dir: &str, mut resume: Option<(String, i64)>) {
    std::panic::set_hook(Box::new(|_| {}));
    let dir = Path::new(dir);
    let manifest: Value = serde_json::from_slice(&std::fs::read(dir.join("manifest.json")).expect("manifest")).unwrap();
    let stdout = std::io::stdout();
    let mut w = std::io::BufWriter::new(stdout.lock());
    for f in manifest["files"].as_array().unwrap() {
        if f["protocol"] != "kafka" {
            continue;
        }
        let path = f["path"].as_str().unwrap();
        // Files before the one to resume in are not even read.
        let skip_to = match &resume {
            Some((file, _)) if file != path => continue,
            Some((_, tc)) => *tc,
            None => 0,
        };
        resume = None;
        let vf: Value = serde_json::from_slice(&std::fs::read(dir.join(path)).unwrap()).unwrap();
        let Some(api_key) = vf["apiKey"].as_i64() else { continue };
        for g in vf["testGroups"].as_array().unwrap() {
            let direction = g["direction"].as_str().unwrap();
            let Some(version) = g["version"].as_i64() else { continue };
            if g["framing"] != "body" || (direction != "request" && direction != "response") {
                continue;
            }
            let version = version as i16;
            for t in g["tests"].as_array().unwrap() {
                if t["tcId"].as_i64().unwrap() <= skip_to {
                    continue;
                }
                let bytes = match (t["hex"].as_str(), t["file"]["path"].as_str()) {
                    (Some(h), _) => unhex(h),
                    (None, Some(p)) => std::fs::read(dir.join(p)).unwrap(),
                    _ => panic!("test without bytes"),
                };
                let mut o = json!({
                    "file": path, "tcId": t["tcId"], "name": t["name"], "direction": direction, "version": version,
                });
                eprintln!("PENDING {o}");
                let key = ApiKey::try_from(api_key as i16).ok();
                match key {
                    None => {
                        o["outcome"] = json!("unsupported");
                        o["detail"] = json!("no ApiKey variant");
                    }
                    Some(k) if version < k.valid_versions().min || version > k.valid_versions().max => {
                        let r = k.valid_versions();
                        o["outcome"] = json!("unsupported");
                        o["detail"] = json!(format!("version outside the crate's {}..={}", r.min, r.max));
                    }
                    Some(k) => {
                        let response = direction == "response";
                        let r = std::panic::catch_unwind(|| roundtrip(k, response, &bytes, version));
                        match r {
                            Err(p) => {
                                let msg = p
                                    .downcast_ref::<String>()
                                    .cloned()
                                    .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                                    .unwrap_or_default();
                                o["outcome"] = json!("error");
                                o["detail"] = json!(format!("panic: {msg}"));
                            }
                            Ok(Err(e)) => {
                                o["outcome"] = json!("error");
                                o["detail"] = json!(e);
                            }
                            Ok(Ok((out, left))) => {
                                if out == bytes {
                                    o["outcome"] = json!("identical");
                                } else {
                                    o["outcome"] = json!("differs");
                                    o["got"] = json!(hex(&out));
                                    if left > 0 {
                                        o["detail"] = json!(format!("decoder left {left} bytes unread"));
                                    }
                                }
                            }
                        }
                    }
                }
                writeln!(w, "{o}").unwrap();
                w.flush().unwrap();
            }
        }
    }
}
