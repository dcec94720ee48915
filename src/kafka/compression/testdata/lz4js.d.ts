// lz4js (a dev dependency the LZ4 tests decode with) ships no types; the one call they make.
declare module "lz4js" {
  const lz4js: { decompress(frame: Uint8Array): ArrayLike<number> };
  export default lz4js;
}
