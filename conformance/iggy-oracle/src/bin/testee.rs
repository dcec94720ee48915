//! The differential testee: JSON lines in, JSON lines out.
//!
//! In:  `{"id":n,"type":"CreateStream","direction":"request","hex":"..."}`
//! Out: `{"id":n,"ok":true,"hex":"<crate re-encode>","value":<JSON form>,"consumed":n}`
//!   or `{"id":n,"ok":false,"code":"...","detail":"..."}`.
//! `{"id":n,"type":"__types"}` lists every registered `[type, direction]`.
//! Unknown types answer `code: "NO_HANDLER"`; a crate panic answers `code: "PANIC"`.

#[path = "../testee/mod.rs"]
mod testee;

use iggy_oracle::{error_json, hex, unhex};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::io::{BufRead, BufReader, BufWriter, Write};

fn main() {
    let mut table: HashMap<(&'static str, &'static str), testee::Handler> = HashMap::new();
    for area in testee::AREAS {
        for e in area() {
            assert!(table.insert((e.ty, e.direction), e.run).is_none(), "{} {} registered twice", e.ty, e.direction);
        }
    }
    // Panics are reported per line; keep the default hook from printing each one.
    std::panic::set_hook(Box::new(|_| {}));
    let stdin = std::io::stdin();
    let mut input = BufReader::with_capacity(1 << 20, stdin.lock());
    let mut out = BufWriter::with_capacity(1 << 20, std::io::stdout().lock());
    let mut line = String::new();
    loop {
        line.clear();
        if input.read_line(&mut line).expect("read stdin") == 0 {
            break;
        }
        if line.trim().is_empty() {
            continue;
        }
        let reply = answer(&table, &line);
        serde_json::to_writer(&mut out, &reply).unwrap();
        out.write_all(b"\n").unwrap();
        // Flush only when no more input is already buffered, so pipelined requests are answered
        // in batches while a single request still gets an immediate answer.
        if input.buffer().is_empty() {
            out.flush().unwrap();
        }
    }
    out.flush().unwrap();
}

fn answer(table: &HashMap<(&'static str, &'static str), testee::Handler>, line: &str) -> Value {
    let req: Value = match serde_json::from_str(line) {
        Ok(v) => v,
        Err(e) => return json!({ "id": null, "ok": false, "code": "BAD_REQUEST", "detail": e.to_string() }),
    };
    let id = req.get("id").cloned().unwrap_or(Value::Null);
    let ty = req.get("type").and_then(Value::as_str).unwrap_or("");
    if ty == "__types" {
        let mut types: Vec<_> = table.keys().map(|(t, d)| json!([t, d])).collect();
        types.sort_by_key(|v| v.to_string());
        return json!({ "id": id, "ok": true, "types": types });
    }
    let dir = req.get("direction").and_then(Value::as_str).unwrap_or("");
    let Some(run) = table.get(&(ty, dir)).copied() else {
        return json!({ "id": id, "ok": false, "code": "NO_HANDLER", "detail": format!("{ty} {dir}") });
    };
    let bytes = unhex(req.get("hex").and_then(Value::as_str).unwrap_or(""));
    match std::panic::catch_unwind(|| run(&bytes)) {
        Ok(Ok(o)) => json!({ "id": id, "ok": true, "hex": hex(&o.bytes), "value": o.value, "consumed": o.consumed }),
        Ok(Err(e)) => {
            let mut m = error_json(&e);
            let obj = m.as_object_mut().unwrap();
            obj.insert("id".into(), id);
            obj.insert("ok".into(), json!(false));
            m
        }
        Err(p) => {
            let detail = p.downcast_ref::<String>().cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            json!({ "id": id, "ok": false, "code": "PANIC", "detail": detail })
        }
    }
}
