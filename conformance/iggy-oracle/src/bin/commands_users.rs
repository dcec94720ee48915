//! Vectors for the user and personal-access-token commands: requests in
//! `requests/users`, `requests/personal_access_tokens`, responses in `responses/users`,
//! `responses/personal_access_tokens`. Every value is encoded and decoded by the crate.

#[path = "../iggy_cmds/cases.rs"]
mod cases;
#[path = "../iggy_cmds/json.rs"]
mod j;

use cases::*;
use iggy_binary_protocol::codes::*;
use iggy_binary_protocol::primitives::options::WireOptions;
use iggy_binary_protocol::requests::personal_access_tokens::*;
use iggy_binary_protocol::requests::users::login_register::BindSecret;
use iggy_binary_protocol::requests::users::*;
use iggy_binary_protocol::responses::EmptyResponse;
use iggy_binary_protocol::responses::personal_access_tokens::*;
use iggy_binary_protocol::responses::users::*;
use iggy_binary_protocol::version::ClientVersionInfo;
use iggy_binary_protocol::{WireEncode, WireIdentifier, WirePermissions};
use iggy_oracle::{VectorFile, out_dir};
use secrecy::SecretString;
use std::path::Path;

fn main() {
    let dir = out_dir();
    change_password(&dir);
    create_user(&dir);
    delete_user(&dir);
    get_user(&dir);
    get_users(&dir);
    login_register(&dir);
    login_register_with_pat(&dir);
    login_user(&dir);
    logout_user(&dir);
    update_permissions(&dir);
    update_user_resolved(&dir);
    create_pat(&dir);
    delete_pat(&dir);
    get_pats(&dir);
    login_pat(&dir);
}

/// The response group of a command whose response payload is empty.
fn empty_response(f: &mut VectorFile) {
    f.group("response", "body");
    valid(f, "res.empty", &EmptyResponse, j::empty);
    trailing::<EmptyResponse>(f, "res.empty", &[], j::empty);
}

/// Request group of a command whose request is an identifier only.
fn ident_only<T: WireEncode + iggy_binary_protocol::WireDecode>(
    f: &mut VectorFile,
    make: impl Fn(WireIdentifier) -> T,
    json: fn(&T) -> serde_json::Value,
) {
    f.group("request", "body");
    for (n, id) in idents() {
        valid(f, &format!("req.{n}"), &make(id), json);
    }
    for (i, v) in [2u32, 255, 256, 65_536, 1 << 31].iter().enumerate() {
        valid(f, &format!("req.num-extra-{i}"), &make(id_num(*v)), json);
    }
    for (n, b, c) in bad_idents() {
        invalid::<T>(f, &format!("req.{n}"), &b, c);
    }
    truncs::<T>(f, "req.strtyp", &make(id_str("orders")).to_bytes());
    truncs::<T>(f, "req.num", &make(id_num(7)).to_bytes());
    trailing::<T>(f, "req.num", &make(id_num(7)).to_bytes(), json);
}

fn change_password(dir: &Path) {
    let mut f = VectorFile::new("ChangePassword", Some(CHANGE_PASSWORD_CODE));
    f.header("ChangePassword request and response payloads.");
    f.header("Passwords are u8-length-prefixed strict UTF-8 strings of 0..255 bytes (not WireName: empty is allowed).");
    f.group("request", "body");
    let mk = |id: WireIdentifier, c: &str, n: &str| ChangePasswordRequest { user_id: id, current_password: c.into(), new_password: n.into() };
    let typical = valid(&mut f, "req.typical", &mk(id_num(1), "secret", "s3cret!"), j::change_password);
    valid(&mut f, "req.empty-passwords", &mk(id_num(0), "", ""), j::change_password);
    valid(&mut f, "req.named-user", &mk(id_str("alice"), "a", "b"), j::change_password);
    valid(&mut f, "req.max-user-id", &mk(id_num(u32::MAX), "old", ""), j::change_password);
    valid(&mut f, "req.passwords-255", &mk(id_str(&long_name()), &"p".repeat(255), &long_multi()), j::change_password);
    valid(&mut f, "req.multibyte", &mk(id_str(MULTI), MULTI, "ñ"), j::change_password);
    valid(&mut f, "req.name-1", &mk(id_str("x"), "", "new"), j::change_password);
    for (n, id) in idents() {
        valid(&mut f, &format!("req.id-{n}"), &mk(id, "pw", "pw2"), j::change_password);
    }
    for (n, b, c) in bad_idents() {
        let mut b = b.clone();
        b.extend_from_slice(&[0, 0]);
        invalid::<ChangePasswordRequest>(&mut f, &format!("req.{n}"), &b, c);
    }
    invalid::<ChangePasswordRequest>(&mut f, "req.current-bad-utf8", &[1, 4, 1, 0, 0, 0, 2, 0xc3, 0x28, 0], "current password is not UTF-8");
    invalid::<ChangePasswordRequest>(&mut f, "req.new-bad-utf8", &[1, 4, 1, 0, 0, 0, 0, 1, 0xff], "new password is not UTF-8");
    invalid::<ChangePasswordRequest>(&mut f, "req.new-overlong-utf8", &[1, 4, 1, 0, 0, 0, 0, 2, 0xc0, 0x80], "overlong encoding is not UTF-8");
    invalid::<ChangePasswordRequest>(&mut f, "req.new-surrogate", &[1, 4, 1, 0, 0, 0, 0, 3, 0xed, 0xa0, 0x80], "UTF-16 surrogate encoded in UTF-8 is not UTF-8");
    invalid::<ChangePasswordRequest>(&mut f, "req.password-length-exceeds", &[1, 4, 1, 0, 0, 0, 9, b'a'], "current password length 9 with 1 byte left");
    truncs::<ChangePasswordRequest>(&mut f, "req.typical", &typical);
    trailing::<ChangePasswordRequest>(&mut f, "req.typical", &typical, j::change_password);
    empty_response(&mut f);
    f.write(dir, "change_password.json");
}

fn create_user(dir: &Path) {
    let mut f = VectorFile::new("CreateUser", Some(CREATE_USER_CODE));
    f.header("CreateUser request and response payloads.");
    f.header("The options block runs to the end of the payload and must be consumed exactly by its TLV walk.");
    f.header("options values are the raw TLV block as hex.");
    f.note("NonCanonicalFlag", "EDGE_CASE", "has_permissions other than 1 means no permissions and nothing more is read");
    f.group("request", "body");
    let mk = |u: &str, p: &str, s: u8, perms: Option<WirePermissions>, o: WireOptions| CreateUserRequest {
        username: wname(u), password: p.into(), status: s, permissions: perms, options: o,
    };
    let perms = permission_samples();
    let opts = option_samples();
    let typical = valid(&mut f, "req.typical", &mk("alice", "secret", 1, None, WireOptions::empty()), j::create_user);
    valid(&mut f, "req.empty-password", &mk("a", "", 0, None, WireOptions::empty()), j::create_user);
    valid(&mut f, "req.status-255", &mk("bob", "pw", 255, None, WireOptions::empty()), j::create_user);
    valid(&mut f, "req.name-255", &mk(&long_name(), &"p".repeat(255), 2, None, WireOptions::empty()), j::create_user);
    valid(&mut f, "req.multibyte", &mk(MULTI, MULTI, 1, None, WireOptions::empty()), j::create_user);
    let mut with_perms = vec![];
    for (n, p) in &perms {
        with_perms = valid(&mut f, &format!("req.perms-{n}"), &mk("carol", "pw", 1, Some(p.clone()), WireOptions::empty()), j::create_user);
    }
    for (n, o) in &opts {
        valid(&mut f, &format!("req.options-{n}"), &mk("dave", "pw", 1, None, o.clone()), j::create_user);
    }
    let full = valid(&mut f, "req.perms-and-options", &mk("erin", "pw", 1, Some(perms[3].1.clone()), opts[2].1.clone()), j::create_user);

    // Non-canonical: has_permissions 2 means none.
    let mut b = mk("alice", "pw", 1, None, WireOptions::empty()).to_bytes().to_vec();
    let flag_at = b.len() - 1;
    b[flag_at] = 2;
    valid_decode::<CreateUserRequest>(&mut f, "req.has-permissions-2", &b, "has_permissions 2 is not 1: no permissions", j::create_user);
    // Non-canonical: permission bools and has-next flags other than 0/1.
    let mut nc = mk("alice", "pw", 1, Some(perms[2].1.clone()), WireOptions::empty()).to_bytes().to_vec();
    let perm_start = 1 + 5 + 1 + 2 + 1 + 1 + 4;
    nc[perm_start] = 7; // manage_servers
    nc[perm_start + 10] = 9; // has_streams
    valid_decode::<CreateUserRequest>(&mut f, "req.perms-nonzero-bools", &nc, "any non-zero permission byte reads as true", j::create_user);

    invalid::<CreateUserRequest>(&mut f, "req.username-empty", &[0, 0, 0, 0], "username length 0");
    invalid::<CreateUserRequest>(&mut f, "req.username-bad-utf8", &[2, 0xc3, 0x28, 0, 0, 0], "username is not UTF-8");
    invalid::<CreateUserRequest>(&mut f, "req.password-bad-utf8", &[1, b'a', 1, 0x80, 0, 0], "password is not UTF-8");
    // permissions length disagrees with the decoded permissions
    let p = perms[0].1.to_bytes().to_vec();
    let mut b = vec![1, b'a', 0, 1, 1];
    b.extend_from_slice(&((p.len() as u32) + 1).to_le_bytes());
    b.extend_from_slice(&p);
    invalid::<CreateUserRequest>(&mut f, "req.permissions-length-mismatch", &b, "permissions_len is one more than the permissions");
    let mut b = vec![1, b'a', 0, 1, 1];
    b.extend_from_slice(&((p.len() as u32) - 1).to_le_bytes());
    b.extend_from_slice(&p);
    invalid::<CreateUserRequest>(&mut f, "req.permissions-length-short", &b, "permissions_len is one less than the permissions");
    // options failures
    let base = mk("u", "", 0, None, WireOptions::empty()).to_bytes().to_vec();
    for (n, o, c) in bad_options() {
        if o.len() > 4000 {
            // Over 4 KiB a test belongs in a .bin file; the entry-count limit is covered by the TS tests.
            continue;
        }
        let mut b = base.clone();
        b.extend_from_slice(&o);
        invalid::<CreateUserRequest>(&mut f, &format!("req.options-{n}"), &b, c);
    }
    truncs::<CreateUserRequest>(&mut f, "req.typical", &typical);
    truncs::<CreateUserRequest>(&mut f, "req.perms-nested", &with_perms);
    truncs::<CreateUserRequest>(&mut f, "req.perms-and-options", &full);
    trailing::<CreateUserRequest>(&mut f, "req.typical", &typical, j::create_user);
    empty_response(&mut f);
    f.write(dir, "create_user.json");
}

/// Options blocks the crate rejects (appended where a to-end options block starts).
pub fn bad_options() -> Vec<(&'static str, Vec<u8>, &'static str)> {
    let mut out = vec![];
    let mut odd = vec![];
    tlv(&mut odd, 2, b"key");
    out.push(("odd-entries", odd, "a key without a value"));
    let mut kind0 = vec![];
    tlv(&mut kind0, 0, b"key");
    tlv(&mut kind0, 2, b"v");
    out.push(("kind-0", kind0, "TLV kind 0 is reserved"));
    let mut len0 = vec![];
    tlv(&mut len0, 2, b"key");
    tlv(&mut len0, 2, b"");
    out.push(("value-length-0", len0, "TLV length 0"));
    let mut len256 = vec![];
    tlv(&mut len256, 2, &[b'k'; 256]);
    tlv(&mut len256, 2, b"v");
    out.push(("key-length-256", len256, "TLV length 256 exceeds 255"));
    let mut huge = vec![2];
    huge.extend_from_slice(&u32::MAX.to_le_bytes());
    out.push(("length-u32-max", huge, "TLV length u32::MAX"));
    let mut dup = vec![];
    tlv(&mut dup, 2, b"k");
    tlv(&mut dup, 2, b"1");
    tlv(&mut dup, 2, b"k");
    tlv(&mut dup, 2, b"2");
    out.push(("duplicate-key", dup, "the same key twice"));
    let mut nonstr = vec![];
    tlv(&mut nonstr, 3, b"k");
    tlv(&mut nonstr, 2, b"v");
    out.push(("key-not-string-kind", nonstr, "option keys must have the string kind (2)"));
    let mut badkey = vec![];
    tlv(&mut badkey, 2, &[0xff]);
    tlv(&mut badkey, 2, b"v");
    out.push(("key-bad-utf8", badkey, "option key is not UTF-8"));
    let mut part = vec![];
    tlv(&mut part, 2, b"key");
    part.extend_from_slice(&[2, 5, 0, 0, 0, b'a']);
    out.push(("value-cut", part, "value length exceeds the rest of the block"));
    out.push(("one-byte", vec![2], "a kind byte without a length"));
    let mut many = vec![];
    for i in 0..1025u32 {
        let k = format!("{i:04}");
        tlv(&mut many, 2, k.as_bytes());
        tlv(&mut many, 2, b"v");
    }
    out.push(("entries-1025", many, "1025 entries exceed MAX_OPTIONS (1024)"));
    out
}

fn delete_user(dir: &Path) {
    let mut f = VectorFile::new("DeleteUser", Some(DELETE_USER_CODE));
    f.header("DeleteUser request and response payloads.");
    ident_only(&mut f, |id| DeleteUserRequest { user_id: id }, j::delete_user);
    empty_response(&mut f);
    f.write(dir, "delete_user.json");
}

fn user(id: u32, created: u64, status: u8, name: &str, o: WireOptions, d: WireOptions) -> UserResponse {
    UserResponse { id, created_at: created, status, username: wname(name), options: o, derived_options: d }
}

fn users() -> Vec<(&'static str, UserResponse)> {
    let opts = option_samples();
    vec![
        ("typical", user(1, 1_700_000_000_000_000, 1, "root", WireOptions::empty(), WireOptions::empty())),
        ("zeros", user(0, 0, 0, "a", WireOptions::empty(), WireOptions::empty())),
        ("max", user(u32::MAX, u64::MAX, 255, &long_name(), WireOptions::empty(), WireOptions::empty())),
        ("multibyte", user(5, 42, 2, MULTI, opts[4].1.clone(), WireOptions::empty())),
        ("options", user(6, 43, 1, "opt", opts[1].1.clone(), opts[2].1.clone())),
        ("long-options", user(7, 44, 1, "long", opts[3].1.clone(), opts[1].1.clone())),
    ]
}

fn get_user(dir: &Path) {
    let mut f = VectorFile::new("GetUser", Some(GET_USER_CODE));
    f.header("GetUser request and UserDetails response payloads.");
    f.header("A response without permissions ends with a u32 zero; with permissions: 01, u32 length, permissions.");
    ident_only(&mut f, |id| GetUserRequest { user_id: id }, j::get_user);
    f.group("response", "body");
    let perms = permission_samples();
    let mut typical = vec![];
    for (n, u) in users() {
        let b = valid(&mut f, &format!("res.{n}"), &UserDetailsResponse { user: u, permissions: None }, j::user_details);
        if n == "typical" {
            typical = b;
        }
    }
    let mut nested = vec![];
    for (n, p) in &perms {
        nested = valid(&mut f, &format!("res.perms-{n}"), &UserDetailsResponse { user: users()[0].1.clone(), permissions: Some(p.clone()) }, j::user_details);
    }
    let both = valid(&mut f, "res.options-and-perms", &UserDetailsResponse { user: users()[4].1.clone(), permissions: Some(perms[3].1.clone()) }, j::user_details);
    // padding after a zero flag is not checked
    let mut b = typical.clone();
    let n = b.len();
    b[n - 3..].copy_from_slice(&[1, 2, 3]);
    valid_decode::<UserDetailsResponse>(&mut f, "res.no-perms-nonzero-padding", &b, "the three bytes after a zero flag are not checked", j::user_details);
    // a flag other than 0 or 1 still means permissions follow
    let mut b = nested.clone();
    let at = b.len() - 4 - perms[3].1.encoded_size() - 1;
    b[at] = 5;
    valid_decode::<UserDetailsResponse>(&mut f, "res.perms-flag-5", &b, "any non-zero flag means permissions follow", j::user_details);
    // permissions shorter than their length prefix: trailing bytes inside the block are ignored
    let mut b = nested.clone();
    let at = b.len() - perms[3].1.encoded_size() - 4;
    let l = perms[3].1.encoded_size() as u32 + 2;
    b[at..at + 4].copy_from_slice(&l.to_le_bytes());
    b.extend_from_slice(&[0xee, 0xee]);
    valid_decode::<UserDetailsResponse>(&mut f, "res.perms-length-longer", &b, "bytes inside the permissions length but after the permissions are skipped", j::user_details);

    let ub = users()[0].1.to_bytes().to_vec();
    let mut b = ub.clone();
    b.extend_from_slice(&[1]);
    b.extend_from_slice(&100u32.to_le_bytes());
    b.extend_from_slice(&perms[0].1.to_bytes());
    invalid::<UserDetailsResponse>(&mut f, "res.perms-length-exceeds", &b, "permissions length exceeds the remaining bytes");
    let mut b = ub.clone();
    b.extend_from_slice(&[1]);
    b.extend_from_slice(&5u32.to_le_bytes());
    b.extend_from_slice(&perms[0].1.to_bytes()[..5]);
    invalid::<UserDetailsResponse>(&mut f, "res.perms-length-short", &b, "permissions length 5 cuts the global permissions");
    let mut b = vec![1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0];
    b.extend_from_slice(&[0; 12]);
    invalid::<UserDetailsResponse>(&mut f, "res.username-empty", &b, "username length 0");
    let mut b = vec![1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0xff];
    b.extend_from_slice(&[0; 12]);
    invalid::<UserDetailsResponse>(&mut f, "res.username-bad-utf8", &b, "username is not UTF-8");
    let mut b = vec![1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, b'a'];
    let mut o = vec![];
    tlv(&mut o, 2, b"k");
    b.extend_from_slice(&(o.len() as u32).to_le_bytes());
    b.extend_from_slice(&o);
    b.extend_from_slice(&[0; 8]);
    invalid::<UserDetailsResponse>(&mut f, "res.options-odd", &b, "explicit options hold a key without a value");
    let mut b = vec![1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, b'a', 0, 0, 0, 0];
    b.extend_from_slice(&9u32.to_le_bytes());
    b.extend_from_slice(&[2, 1, 0, 0]);
    invalid::<UserDetailsResponse>(&mut f, "res.derived-length-exceeds", &b, "derived options length 9 with 4 bytes left");
    truncs::<UserDetailsResponse>(&mut f, "res.typical", &typical);
    truncs::<UserDetailsResponse>(&mut f, "res.options-and-perms", &both);
    trailing::<UserDetailsResponse>(&mut f, "res.typical", &typical, j::user_details);
    f.write(dir, "get_user.json");
}

fn get_users(dir: &Path) {
    let mut f = VectorFile::new("GetUsers", Some(GET_USERS_CODE));
    f.header("GetUsers request (empty) and response payloads; the response is user records to the end of the payload.");
    f.group("request", "body");
    valid(&mut f, "req.empty", &GetUsersRequest, j::empty);
    trailing::<GetUsersRequest>(&mut f, "req.empty", &[], j::empty);
    f.group("response", "body");
    let all: Vec<UserResponse> = users().into_iter().map(|(_, u)| u).collect();
    valid(&mut f, "res.none", &GetUsersResponse { users: vec![] }, j::get_users);
    let mut one = vec![];
    for (n, u) in users() {
        let b = valid(&mut f, &format!("res.one-{n}"), &GetUsersResponse { users: vec![u] }, j::get_users);
        if n == "typical" {
            one = b;
        }
    }
    let many = valid(&mut f, "res.many", &GetUsersResponse { users: all.clone() }, j::get_users);
    valid(&mut f, "res.two", &GetUsersResponse { users: all[..2].to_vec() }, j::get_users);
    valid(&mut f, "res.same-user-twice", &GetUsersResponse { users: vec![all[3].clone(), all[3].clone()] }, j::get_users);
    let mut b = one.clone();
    b[13] = 0;
    invalid::<GetUsersResponse>(&mut f, "res.username-empty", &b[..], "username length 0");
    let mut b = many.clone();
    b.extend_from_slice(&one[..20]);
    invalid::<GetUsersResponse>(&mut f, "res.partial-record", &b, "a partial user record after complete ones");
    truncs::<GetUsersResponse>(&mut f, "res.one-typical", &one);
    truncs::<GetUsersResponse>(&mut f, "res.two", &GetUsersResponse { users: all[..2].to_vec() }.to_bytes());
    trailing::<GetUsersResponse>(&mut f, "res.one-typical", &one, j::get_users);
    f.write(dir, "get_users.json");
}

fn version(p: u32, n: &str, v: &str) -> ClientVersionInfo {
    ClientVersionInfo { protocol_version: p, sdk_name: wname(n), sdk_version: wname(v) }
}

fn secret(fill: u8) -> BindSecret {
    let mut s = [0u8; 32];
    for (i, b) in s.iter_mut().enumerate() {
        *b = fill.wrapping_add(i as u8);
    }
    BindSecret::new(Box::new(s))
}

/// 0.12.0 packed: the protocol the crate speaks.
const PROTO: u32 = iggy_binary_protocol::IGGY_PROTOCOL_VERSION;

fn login_register_responses(f: &mut VectorFile) {
    f.group("response", "body");
    let mk = |u: u32, s: u64, p: u32, v: &str| LoginRegisterResponse { user_id: u, session: s, server_protocol_version: p, server_version: wname(v) };
    let typical = valid(f, "res.typical", &mk(1, 42, PROTO, "0.10.0"), j::login_register_response);
    valid(f, "res.zeros", &mk(0, 0, 0, "x"), j::login_register_response);
    valid(f, "res.max", &mk(u32::MAX, u64::MAX, u32::MAX, &long_name()), j::login_register_response);
    valid(f, "res.multibyte", &mk(7, 1 << 53, PROTO, MULTI), j::login_register_response);
    valid(f, "res.session-2-53-plus-1", &mk(8, (1 << 53) + 1, 1, "edge"), j::login_register_response);
    valid(f, "res.version-long-multi", &mk(9, 9, 9, &long_multi()), j::login_register_response);
    for i in 0..4u32 {
        valid(f, &format!("res.variant-{i}"), &mk(i * 1000, u64::from(i) << 40, PROTO + i, &format!("0.{i}.0-edge.{i}")), j::login_register_response);
    }
    let mut b = typical[..16].to_vec();
    b.push(0);
    invalid::<LoginRegisterResponse>(f, "res.version-empty", &b, "server version length 0");
    let mut b = typical[..16].to_vec();
    b.extend_from_slice(&[2, 0xc3, 0x28]);
    invalid::<LoginRegisterResponse>(f, "res.version-bad-utf8", &b, "server version is not UTF-8");
    truncs::<LoginRegisterResponse>(f, "res.typical", &typical);
    trailing::<LoginRegisterResponse>(f, "res.typical", &typical, j::login_register_response);
}

fn login_register(dir: &Path) {
    let mut f = VectorFile::new("LoginRegister", Some(LOGIN_REGISTER_CODE));
    f.header("LoginRegister request and response payloads (the VSR login: ClientVersionInfo prefix, 32-byte bind secret).");
    f.header("clientContext: a u32 length of 0 decodes as null.");
    f.group("request", "body");
    let mk = |vi: ClientVersionInfo, s: u8, u: &str, p: &str, c: Option<&str>| LoginRegisterRequest {
        version_info: vi, bind_secret: secret(s), username: wname(u), password: SecretString::from(p.to_string()), client_context: c.map(str::to_string),
    };
    let typical = valid(&mut f, "req.typical", &mk(version(PROTO, "rust-sdk", "0.10.1"), 1, "iggy", "iggy", Some("ctx")), j::login_register);
    valid(&mut f, "req.no-context", &mk(version(PROTO, "go-sdk", "1.0.0"), 0, "a", "", None), j::login_register);
    valid(&mut f, "req.zero-version", &mk(version(0, "n", "v"), 0xff, "user", "pw", None), j::login_register);
    valid(&mut f, "req.max-version", &mk(version(u32::MAX, &long_name(), &long_multi()), 0x80, &long_name(), &"p".repeat(255), Some(&"c".repeat(300))), j::login_register);
    valid(&mut f, "req.multibyte", &mk(version(PROTO, MULTI, MULTI), 3, MULTI, MULTI, Some(MULTI)), j::login_register);
    valid(&mut f, "req.ts-sdk", &mk(version(PROTO, "streamwire", "0.1.0"), 9, "bob", "secret", Some("{\"app\":\"x\"}")), j::login_register);
    for i in 0..4u8 {
        valid(&mut f, &format!("req.variant-{i}"), &mk(version(PROTO - u32::from(i), "sdk", "1"), i * 50, &format!("user{i}"), &"x".repeat(usize::from(i) * 3), if i % 2 == 0 { None } else { Some("c") }), j::login_register);
    }
    let pre = version(PROTO, "s", "v").to_bytes().to_vec();
    let sec = [7u8; 32];
    let mut b = pre.clone();
    b.extend_from_slice(&sec);
    b.extend_from_slice(&[0, 0, 0, 0, 0, 0]);
    invalid::<LoginRegisterRequest>(&mut f, "req.username-empty", &b, "username length 0");
    let mut b = PROTO.to_le_bytes().to_vec();
    b.extend_from_slice(&[0, 1, b'v']);
    invalid::<LoginRegisterRequest>(&mut f, "req.sdk-name-empty", &b, "sdk name length 0");
    let mut b = PROTO.to_le_bytes().to_vec();
    b.extend_from_slice(&[1, b's', 1, 0xff]);
    invalid::<LoginRegisterRequest>(&mut f, "req.sdk-version-bad-utf8", &b, "sdk version is not UTF-8");
    let mut b = pre.clone();
    b.extend_from_slice(&sec);
    b.extend_from_slice(&[1, b'u', 1, 0xfe, 0, 0, 0, 0]);
    invalid::<LoginRegisterRequest>(&mut f, "req.password-bad-utf8", &b, "password is not UTF-8");
    let mut b = pre.clone();
    b.extend_from_slice(&sec);
    b.extend_from_slice(&[1, b'u', 0, 2, 0, 0, 0, 0xc3, 0x28]);
    invalid::<LoginRegisterRequest>(&mut f, "req.context-bad-utf8", &b, "client context is not UTF-8");
    let mut b = pre.clone();
    b.extend_from_slice(&sec);
    b.extend_from_slice(&[1, b'u', 0, 0xff, 0xff, 0xff, 0xff, b'c']);
    invalid::<LoginRegisterRequest>(&mut f, "req.context-length-u32-max", &b, "context length u32::MAX with 1 byte left");
    truncs::<LoginRegisterRequest>(&mut f, "req.typical", &typical);
    trailing::<LoginRegisterRequest>(&mut f, "req.typical", &typical, j::login_register);
    login_register_responses(&mut f);
    f.write(dir, "login_register.json");
}

fn login_register_with_pat(dir: &Path) {
    let mut f = VectorFile::new("LoginRegisterWithPat", Some(LOGIN_REGISTER_WITH_PAT_CODE));
    f.header("LoginRegisterWithPat request and (LoginRegister) response payloads.");
    f.header("The token is a u8-length-prefixed strict UTF-8 string of 0..255 bytes.");
    f.group("request", "body");
    let mk = |vi: ClientVersionInfo, s: u8, t: &str, c: Option<&str>| LoginRegisterWithPatRequest {
        version_info: vi, bind_secret: secret(s), token: SecretString::from(t.to_string()), client_context: c.map(str::to_string),
    };
    let typical = valid(&mut f, "req.typical", &mk(version(PROTO, "rust-sdk", "0.10.1"), 1, "tok_abc", Some("ctx")), j::login_register_with_pat);
    valid(&mut f, "req.empty-token", &mk(version(PROTO, "go", "1"), 0, "", None), j::login_register_with_pat);
    valid(&mut f, "req.token-255", &mk(version(0, "n", "v"), 0xff, &"t".repeat(255), Some(&long_multi())), j::login_register_with_pat);
    valid(&mut f, "req.max", &mk(version(u32::MAX, &long_name(), &long_name()), 0x80, &long_multi(), Some(&"c".repeat(1000))), j::login_register_with_pat);
    valid(&mut f, "req.multibyte", &mk(version(PROTO, MULTI, MULTI), 3, MULTI, Some(MULTI)), j::login_register_with_pat);
    for i in 0..5u8 {
        valid(&mut f, &format!("req.variant-{i}"), &mk(version(PROTO + u32::from(i), "sdk", &format!("{i}.0")), i * 40, &"k".repeat(usize::from(i) * 20), if i % 2 == 1 { None } else { Some("c") }), j::login_register_with_pat);
    }
    let pre = version(PROTO, "s", "v").to_bytes().to_vec();
    let mut b = pre.clone();
    b.extend_from_slice(&[7u8; 32]);
    b.extend_from_slice(&[2, 0xc3, 0x28, 0, 0, 0, 0]);
    invalid::<LoginRegisterWithPatRequest>(&mut f, "req.token-bad-utf8", &b, "token is not UTF-8");
    let mut b = pre.clone();
    b.extend_from_slice(&[7u8; 32]);
    b.extend_from_slice(&[0, 1, 0, 0, 0, 0x80]);
    invalid::<LoginRegisterWithPatRequest>(&mut f, "req.context-bad-utf8", &b, "client context is not UTF-8");
    let mut b = PROTO.to_le_bytes().to_vec();
    b.extend_from_slice(&[1, b's', 0]);
    invalid::<LoginRegisterWithPatRequest>(&mut f, "req.sdk-version-empty", &b, "sdk version length 0");
    truncs::<LoginRegisterWithPatRequest>(&mut f, "req.typical", &typical);
    trailing::<LoginRegisterWithPatRequest>(&mut f, "req.typical", &typical, j::login_register_with_pat);
    login_register_responses(&mut f);
    f.write(dir, "login_register_with_pat.json");
}

fn identity_responses(f: &mut VectorFile) {
    f.group("response", "body");
    let mut typical = vec![];
    for (i, id) in [1u32, 0, u32::MAX, 2, 255, 256, 65535, 65536, 1 << 31, 123_456_789].iter().enumerate() {
        let b = valid(f, &format!("res.user-{id}"), &IdentityResponse { user_id: *id }, j::identity);
        if i == 0 {
            typical = b;
        }
    }
    truncs::<IdentityResponse>(f, "res.user-1", &typical);
    trailing::<IdentityResponse>(f, "res.user-1", &typical, j::identity);
}

fn login_user(dir: &Path) {
    let mut f = VectorFile::new("LoginUser", Some(LOGIN_USER_CODE));
    f.header("LoginUser request (legacy login) and Identity response payloads.");
    f.header("version and context: a u32 length of 0 decodes as null.");
    f.group("request", "body");
    let mk = |u: &str, p: &str, v: Option<&str>, c: Option<&str>| LoginUserRequest {
        username: wname(u), password: p.into(), version: v.map(str::to_string), context: c.map(str::to_string),
    };
    let typical = valid(&mut f, "req.typical", &mk("iggy", "iggy", Some("0.6.0"), Some("cli")), j::login_user);
    valid(&mut f, "req.minimal", &mk("a", "", None, None), j::login_user);
    valid(&mut f, "req.version-only", &mk("bob", "pw", Some("1.2.3"), None), j::login_user);
    valid(&mut f, "req.context-only", &mk("bob", "pw", None, Some("ctx")), j::login_user);
    valid(&mut f, "req.max", &mk(&long_name(), &"p".repeat(255), Some(&"v".repeat(300)), Some(&"c".repeat(1024))), j::login_user);
    valid(&mut f, "req.multibyte", &mk(MULTI, MULTI, Some(MULTI), Some(MULTI)), j::login_user);
    for i in 0..4usize {
        valid(&mut f, &format!("req.variant-{i}"), &mk(&format!("u{i}"), &"s".repeat(i * 7), Some(&format!("{i}.0")), if i % 2 == 0 { None } else { Some("x") }), j::login_user);
    }
    invalid::<LoginUserRequest>(&mut f, "req.username-empty", &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0], "username length 0");
    invalid::<LoginUserRequest>(&mut f, "req.username-bad-utf8", &[1, 0xff, 0, 0, 0, 0, 0, 0, 0, 0], "username is not UTF-8");
    invalid::<LoginUserRequest>(&mut f, "req.password-bad-utf8", &[1, b'a', 1, 0xc0, 0, 0, 0, 0, 0, 0, 0, 0], "password is not UTF-8");
    invalid::<LoginUserRequest>(&mut f, "req.version-bad-utf8", &[1, b'a', 0, 1, 0, 0, 0, 0x80, 0, 0, 0, 0], "version is not UTF-8");
    invalid::<LoginUserRequest>(&mut f, "req.context-bad-utf8", &[1, b'a', 0, 0, 0, 0, 0, 2, 0, 0, 0, 0xe2, 0x82], "context is a cut 3-byte sequence");
    invalid::<LoginUserRequest>(&mut f, "req.version-length-exceeds", &[1, b'a', 0, 9, 0, 0, 0, b'1', 0, 0, 0, 0], "version length 9 with 5 bytes left");
    truncs::<LoginUserRequest>(&mut f, "req.typical", &typical);
    trailing::<LoginUserRequest>(&mut f, "req.typical", &typical, j::login_user);
    identity_responses(&mut f);
    f.write(dir, "login_user.json");
}

fn logout_user(dir: &Path) {
    let mut f = VectorFile::new("LogoutUser", Some(LOGOUT_USER_CODE));
    f.header("LogoutUser request and response payloads (both empty).");
    f.group("request", "body");
    valid(&mut f, "req.empty", &LogoutUserRequest, j::empty);
    trailing::<LogoutUserRequest>(&mut f, "req.empty", &[], j::empty);
    empty_response(&mut f);
    f.write(dir, "logout_user.json");
}

fn update_permissions(dir: &Path) {
    let mut f = VectorFile::new("UpdatePermissions", Some(UPDATE_PERMISSIONS_CODE));
    f.header("UpdatePermissions request and response payloads.");
    f.header("Permissions: 10 global bools, then linked lists of streams and topics behind has-next bytes; any non-zero byte reads as true.");
    f.group("request", "body");
    let mk = |id: WireIdentifier, p: Option<WirePermissions>| UpdatePermissionsRequest { user_id: id, permissions: p };
    let perms = permission_samples();
    let typical = valid(&mut f, "req.none", &mk(id_num(1), None), j::update_permissions);
    let mut nested = vec![];
    for (n, p) in &perms {
        nested = valid(&mut f, &format!("req.perms-{n}"), &mk(id_num(2), Some(p.clone())), j::update_permissions);
    }
    for (n, id) in idents() {
        valid(&mut f, &format!("req.id-{n}"), &mk(id, Some(perms[2].1.clone())), j::update_permissions);
    }
    let mut b = typical.clone();
    *b.last_mut().unwrap() = 2;
    valid_decode::<UpdatePermissionsRequest>(&mut f, "req.has-permissions-2", &b, "has_permissions other than 1: none, nothing more read", j::update_permissions);
    let mut b = nested.clone();
    // the has_next byte after the first stream's first topic (stream 0 has one topic)
    let first_stream = 6 + 1 + 4 + 10 + 1;
    let after_topic = first_stream + 4 + 6 + 1 + 8;
    assert_eq!(b[after_topic], 0);
    b[first_stream + 4] = 0x80;
    b[after_topic - 1] = 0xff;
    valid_decode::<UpdatePermissionsRequest>(&mut f, "req.perms-bool-bytes", &b, "permission bytes 0x80 and 0xff read as true", j::update_permissions);
    for (n, bi, c) in bad_idents() {
        let mut b = bi.clone();
        b.push(0);
        invalid::<UpdatePermissionsRequest>(&mut f, &format!("req.{n}"), &b, c);
    }
    let p = perms[3].1.to_bytes().to_vec();
    let mut b = vec![1, 4, 1, 0, 0, 0, 1];
    b.extend_from_slice(&((p.len() as u32) + 3).to_le_bytes());
    b.extend_from_slice(&p);
    b.extend_from_slice(&[0, 0, 0]);
    invalid::<UpdatePermissionsRequest>(&mut f, "req.permissions-length-mismatch", &b, "permissions_len counts three bytes more than the permissions");
    let mut b = vec![1, 4, 1, 0, 0, 0, 1];
    b.extend_from_slice(&((p.len() as u32)).to_le_bytes());
    let mut q = p.clone();
    let last = q.len() - 1;
    q[last] = 1; // last has_next claims another stream
    b.extend_from_slice(&q);
    invalid::<UpdatePermissionsRequest>(&mut f, "req.permissions-runaway-list", &b, "the last has_next byte claims another stream that is not there");
    truncs::<UpdatePermissionsRequest>(&mut f, "req.perms-nested", &nested);
    trailing::<UpdatePermissionsRequest>(&mut f, "req.perms-nested", &nested, j::update_permissions);
    empty_response(&mut f);
    f.write(dir, "update_permissions.json");
}

fn update_user_resolved(dir: &Path) {
    let mut f = VectorFile::new("UpdateUserResolved", None);
    f.header("UpdateUserResolved request payload: the replicated body of an UpdateResource on a user (VSR operation 74); no command code, no response.");
    f.header("Presence bytes must be 0 or 1; the derived options block must end the payload exactly.");
    f.group("request", "body");
    let mk = |id: WireIdentifier, u: Option<&str>, s: Option<u8>, e: WireOptions, d: WireOptions| UpdateUserResolvedRequest {
        user_id: id, username: u.map(wname), status: s, explicit_options: e, derived_options: d,
    };
    let opts = option_samples();
    let e = WireOptions::empty;
    let typical = valid(&mut f, "req.typical", &mk(id_num(1), Some("alice"), Some(1), opts[1].1.clone(), e()), j::update_user_resolved);
    valid(&mut f, "req.nothing", &mk(id_num(0), None, None, e(), e()), j::update_user_resolved);
    valid(&mut f, "req.status-only", &mk(id_str("bob"), None, Some(255), e(), e()), j::update_user_resolved);
    valid(&mut f, "req.status-0", &mk(id_str("bob"), None, Some(0), e(), e()), j::update_user_resolved);
    valid(&mut f, "req.name-255", &mk(id_num(u32::MAX), Some(&long_name()), None, e(), e()), j::update_user_resolved);
    valid(&mut f, "req.multibyte", &mk(id_str(MULTI), Some(MULTI), Some(2), opts[4].1.clone(), opts[4].1.clone()), j::update_user_resolved);
    for (n, o) in &opts {
        valid(&mut f, &format!("req.explicit-{n}"), &mk(id_num(3), None, None, o.clone(), e()), j::update_user_resolved);
        valid(&mut f, &format!("req.derived-{n}"), &mk(id_num(3), Some("n"), None, e(), o.clone()), j::update_user_resolved);
    }
    let full = valid(&mut f, "req.full", &mk(id_str("x"), Some("y"), Some(1), opts[2].1.clone(), opts[3].1.clone()), j::update_user_resolved);
    let id = [1u8, 4, 1, 0, 0, 0];
    let cat = |parts: &[&[u8]]| parts.concat();
    invalid::<UpdateUserResolvedRequest>(&mut f, "req.username-presence-2", &cat(&[&id, &[2, 0, 0, 0, 0, 0, 0, 0, 0, 0]]), "username presence byte 2");
    invalid::<UpdateUserResolvedRequest>(&mut f, "req.status-presence-2", &cat(&[&id, &[0, 2, 0, 0, 0, 0, 0, 0, 0, 0]]), "status presence byte 2");
    invalid::<UpdateUserResolvedRequest>(&mut f, "req.username-empty", &cat(&[&id, &[1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]]), "username length 0");
    invalid::<UpdateUserResolvedRequest>(&mut f, "req.username-bad-utf8", &cat(&[&id, &[1, 1, 0xff, 0, 0, 0, 0, 0, 0, 0, 0, 0]]), "username is not UTF-8");
    invalid::<UpdateUserResolvedRequest>(&mut f, "req.trailing-after-blocks", &cat(&[&id, &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xaa]]), "a byte after the derived block");
    for (n, o, c) in bad_options() {
        if o.len() > 400 {
            continue;
        }
        let mut b = cat(&[&id, &[0, 0]]);
        b.extend_from_slice(&(o.len() as u32).to_le_bytes());
        b.extend_from_slice(&o);
        b.extend_from_slice(&[0, 0, 0, 0]);
        invalid::<UpdateUserResolvedRequest>(&mut f, &format!("req.explicit-{n}"), &b, c);
    }
    for (n, bi, c) in bad_idents() {
        let mut b = bi.clone();
        b.extend_from_slice(&[0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
        invalid::<UpdateUserResolvedRequest>(&mut f, &format!("req.{n}"), &b, c);
    }
    truncs::<UpdateUserResolvedRequest>(&mut f, "req.typical", &typical);
    truncs::<UpdateUserResolvedRequest>(&mut f, "req.full", &full[..full.len().min(120)]);
    trailing::<UpdateUserResolvedRequest>(&mut f, "req.typical", &typical, j::update_user_resolved);
    f.write(dir, "update_user_resolved.json");
}

fn create_pat(dir: &Path) {
    let mut f = VectorFile::new("CreatePersonalAccessToken", Some(CREATE_PERSONAL_ACCESS_TOKEN_CODE));
    f.header("CreatePersonalAccessToken request and RawPersonalAccessToken response payloads.");
    f.group("request", "body");
    let mk = |n: &str, e: u64| CreatePersonalAccessTokenRequest { name: wname(n), expiry: e };
    let typical = valid(&mut f, "req.typical", &mk("ci-token", 3_600_000_000), j::create_pat);
    for (n, (name, e)) in [("zero", ("a", 0u64)), ("max", (long_name().as_str(), u64::MAX)), ("multibyte", (MULTI, 1)), ("2-53", ("b", 1 << 53)), ("2-53-plus-1", ("c", (1 << 53) + 1)), ("long-multi", (long_multi().as_str(), 7)), ("u32-max", ("d", u64::from(u32::MAX))), ("u32-max-plus-1", ("e", u64::from(u32::MAX) + 1)), ("hi-bit", ("f", 1 << 63))] {
        valid(&mut f, &format!("req.{n}"), &mk(name, e), j::create_pat);
    }
    invalid::<CreatePersonalAccessTokenRequest>(&mut f, "req.name-empty", &[0, 0, 0, 0, 0, 0, 0, 0, 0], "name length 0");
    invalid::<CreatePersonalAccessTokenRequest>(&mut f, "req.name-bad-utf8", &[1, 0xff, 0, 0, 0, 0, 0, 0, 0, 0], "name is not UTF-8");
    truncs::<CreatePersonalAccessTokenRequest>(&mut f, "req.typical", &typical);
    trailing::<CreatePersonalAccessTokenRequest>(&mut f, "req.typical", &typical, j::create_pat);
    f.group("response", "body");
    let mk = |t: &str| RawPersonalAccessTokenResponse { token: wname(t) };
    let t = valid(&mut f, "res.typical", &mk("X9f0aB"), j::raw_pat);
    for (n, tok) in [("one", "a".to_string()), ("255", long_name()), ("multibyte", MULTI.to_string()), ("long-multi", long_multi()), ("b64", "a".repeat(43) + "="), ("dash", "ab-cd_ef".into()), ("digits", "0123456789".into()), ("space", "a b".into()), ("nul", "a\u{0}b".into())] {
        valid(&mut f, &format!("res.{n}"), &mk(&tok), j::raw_pat);
    }
    invalid::<RawPersonalAccessTokenResponse>(&mut f, "res.empty-token", &[0], "token length 0");
    invalid::<RawPersonalAccessTokenResponse>(&mut f, "res.bad-utf8", &[2, 0xe2, 0x28], "token is not UTF-8");
    truncs::<RawPersonalAccessTokenResponse>(&mut f, "res.typical", &t);
    trailing::<RawPersonalAccessTokenResponse>(&mut f, "res.typical", &t, j::raw_pat);
    f.write(dir, "create_personal_access_token.json");
}

fn delete_pat(dir: &Path) {
    let mut f = VectorFile::new("DeletePersonalAccessToken", Some(DELETE_PERSONAL_ACCESS_TOKEN_CODE));
    f.header("DeletePersonalAccessToken request and response payloads.");
    f.group("request", "body");
    let mk = |n: &str| DeletePersonalAccessTokenRequest { name: wname(n) };
    let t = valid(&mut f, "req.typical", &mk("ci-token"), j::delete_pat);
    for (n, tok) in [("one", "a".to_string()), ("255", long_name()), ("multibyte", MULTI.to_string()), ("long-multi", long_multi()), ("dash", "ab-cd_ef".into()), ("digits", "0123".into()), ("space", "a b".into()), ("nul", "\u{0}".into()), ("emoji", "😀".into())] {
        valid(&mut f, &format!("req.{n}"), &mk(&tok), j::delete_pat);
    }
    invalid::<DeletePersonalAccessTokenRequest>(&mut f, "req.name-empty", &[0], "name length 0");
    invalid::<DeletePersonalAccessTokenRequest>(&mut f, "req.name-bad-utf8", &[1, 0x80], "name is not UTF-8");
    invalid::<DeletePersonalAccessTokenRequest>(&mut f, "req.name-cut-4-byte", &[3, 0xf0, 0x9f, 0x98], "a cut 4-byte sequence");
    truncs::<DeletePersonalAccessTokenRequest>(&mut f, "req.typical", &t);
    trailing::<DeletePersonalAccessTokenRequest>(&mut f, "req.typical", &t, j::delete_pat);
    empty_response(&mut f);
    f.write(dir, "delete_personal_access_token.json");
}

fn get_pats(dir: &Path) {
    let mut f = VectorFile::new("GetPersonalAccessTokens", Some(GET_PERSONAL_ACCESS_TOKENS_CODE));
    f.header("GetPersonalAccessTokens request (empty) and response payloads; the response is token records to the end of the payload.");
    f.group("request", "body");
    valid(&mut f, "req.empty", &GetPersonalAccessTokensRequest, j::empty);
    trailing::<GetPersonalAccessTokensRequest>(&mut f, "req.empty", &[], j::empty);
    f.group("response", "body");
    let tok = |n: &str, e: u64| PersonalAccessTokenResponse { name: wname(n), expiry_at: e };
    let mk = |v: Vec<PersonalAccessTokenResponse>| GetPersonalAccessTokensResponse { tokens: v };
    valid(&mut f, "res.none", &mk(vec![]), j::get_pats);
    let one = valid(&mut f, "res.one", &mk(vec![tok("ci", 1_700_000_000_000_000)]), j::get_pats);
    valid(&mut f, "res.zero-expiry", &mk(vec![tok("a", 0)]), j::get_pats);
    valid(&mut f, "res.max", &mk(vec![tok(&long_name(), u64::MAX)]), j::get_pats);
    valid(&mut f, "res.multibyte", &mk(vec![tok(MULTI, 5)]), j::get_pats);
    let many = valid(&mut f, "res.many", &mk((0..20).map(|i| tok(&format!("t{i}"), i * 1000)).collect()), j::get_pats);
    valid(&mut f, "res.two", &mk(vec![tok("x", 1), tok(&long_multi(), 1 << 63)]), j::get_pats);
    valid(&mut f, "res.2-53-plus-1", &mk(vec![tok("y", (1 << 53) + 1)]), j::get_pats);
    valid(&mut f, "res.same-names", &mk(vec![tok("z", 1), tok("z", 2)]), j::get_pats);
    valid(&mut f, "res.three", &mk(vec![tok("a", 1), tok("b", 2), tok("c", 3)]), j::get_pats);
    invalid::<GetPersonalAccessTokensResponse>(&mut f, "res.name-empty", &[0, 0, 0, 0, 0, 0, 0, 0, 0], "name length 0");
    invalid::<GetPersonalAccessTokensResponse>(&mut f, "res.name-bad-utf8", &[1, 0xff, 0, 0, 0, 0, 0, 0, 0, 0], "name is not UTF-8");
    let mut b = many.clone();
    b.extend_from_slice(&one[..5]);
    invalid::<GetPersonalAccessTokensResponse>(&mut f, "res.partial-record", &b, "a partial record after complete ones");
    truncs::<GetPersonalAccessTokensResponse>(&mut f, "res.one", &one);
    trailing::<GetPersonalAccessTokensResponse>(&mut f, "res.one", &one, j::get_pats);
    f.write(dir, "get_personal_access_tokens.json");
}

fn login_pat(dir: &Path) {
    let mut f = VectorFile::new("LoginWithPersonalAccessToken", Some(LOGIN_WITH_PERSONAL_ACCESS_TOKEN_CODE));
    f.header("LoginWithPersonalAccessToken request and Identity response payloads.");
    f.group("request", "body");
    let mk = |t: &str| LoginWithPersonalAccessTokenRequest { token: wname(t) };
    let t = valid(&mut f, "req.typical", &mk("X9f0aB"), j::login_pat);
    for (n, tok) in [("one", "a".to_string()), ("255", long_name()), ("multibyte", MULTI.to_string()), ("long-multi", long_multi()), ("b64", "a".repeat(43) + "="), ("dash", "ab-cd_ef".into()), ("digits", "0123456789".into()), ("space", "a b".into()), ("nul", "a\u{0}b".into())] {
        valid(&mut f, &format!("req.{n}"), &mk(&tok), j::login_pat);
    }
    invalid::<LoginWithPersonalAccessTokenRequest>(&mut f, "req.empty-token", &[0], "token length 0");
    invalid::<LoginWithPersonalAccessTokenRequest>(&mut f, "req.bad-utf8", &[2, 0xc3, 0x28], "token is not UTF-8");
    truncs::<LoginWithPersonalAccessTokenRequest>(&mut f, "req.typical", &t);
    trailing::<LoginWithPersonalAccessTokenRequest>(&mut f, "req.typical", &t, j::login_pat);
    identity_responses(&mut f);
    f.write(dir, "login_with_personal_access_token.json");
}
