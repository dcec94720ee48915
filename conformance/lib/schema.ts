/**
 * A small JSON Schema validator for the keywords vectors/schema/ uses
 * (type, const, enum, required, properties, additionalProperties, items, pattern, minimum,
 * maximum, minLength, $ref to #/$defs, allOf, anyOf, oneOf, if/then). Enough to lint vectors without a
 * dependency; an unknown keyword is an error, so the schema cannot silently outgrow it.
 *
 * @module
 */

type Schema = Record<string, unknown>;

const KNOWN = new Set([
  "$schema",
  "$id",
  "title",
  "description",
  "type",
  "const",
  "enum",
  "required",
  "properties",
  "additionalProperties",
  "items",
  "pattern",
  "minimum",
  "maximum",
  "minLength",
  "$ref",
  "$defs",
  "allOf",
  "anyOf",
  "oneOf",
  "if",
  "then",
]);

/** Validates `value` against `schema`; returns error strings (empty when valid). */
export function validate(value: unknown, schema: Schema, root: Schema = schema, path = "$"): string[] {
  const errors: string[] = [];
  for (const k of Object.keys(schema)) if (!KNOWN.has(k)) errors.push(`schema uses unsupported keyword ${k}`);
  if (typeof schema.$ref === "string") {
    const m = /^#\/\$defs\/(.+)$/.exec(schema.$ref);
    const target = m ? (root.$defs as Record<string, Schema>)[m[1]] : undefined;
    if (!target) return [`${path}: unresolvable $ref ${schema.$ref}`];
    return validate(value, target, root, path);
  }
  if (schema.type !== undefined && !hasType(value, schema.type as string)) {
    return [`${path}: expected ${schema.type}`];
  }
  if ("const" in schema && JSON.stringify(value) !== JSON.stringify(schema.const)) {
    errors.push(`${path}: must be ${JSON.stringify(schema.const)}`);
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((e) => JSON.stringify(e) === JSON.stringify(value))) {
    errors.push(`${path}: ${JSON.stringify(value)} not in ${JSON.stringify(schema.enum)}`);
  }
  if (typeof value === "string") {
    if (typeof schema.pattern === "string" && !new RegExp(schema.pattern).test(value)) {
      errors.push(`${path}: does not match ${schema.pattern}`);
    }
    if (typeof schema.minLength === "number" && value.length < schema.minLength) {
      errors.push(`${path}: too short`);
    }
  }
  if (typeof value === "number" && typeof schema.minimum === "number" && value < schema.minimum) {
    errors.push(`${path}: below ${schema.minimum}`);
  }
  if (typeof value === "number" && typeof schema.maximum === "number" && value > schema.maximum) {
    errors.push(`${path}: above ${schema.maximum}`);
  }
  if (Array.isArray(value) && schema.items) {
    value.forEach((v, i) => errors.push(...validate(v, schema.items as Schema, root, `${path}[${i}]`)));
  }
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    const obj = value as Record<string, unknown>;
    for (const r of (schema.required as string[] | undefined) ?? []) {
      if (!(r in obj)) errors.push(`${path}: missing ${r}`);
    }
    const props = (schema.properties as Record<string, Schema> | undefined) ?? {};
    for (const [k, v] of Object.entries(obj)) {
      if (props[k]) errors.push(...validate(v, props[k], root, `${path}.${k}`));
      else if (schema.additionalProperties === false) errors.push(`${path}: unexpected property ${k}`);
      else if (typeof schema.additionalProperties === "object") {
        errors.push(...validate(v, schema.additionalProperties as Schema, root, `${path}.${k}`));
      }
    }
  }
  for (const s of (schema.allOf as Schema[] | undefined) ?? []) {
    errors.push(...validate(value, s, root, path));
  }
  if (
    Array.isArray(schema.anyOf) &&
    !schema.anyOf.some((s) => validate(value, s as Schema, root, path).length === 0)
  ) {
    errors.push(`${path}: matches none of anyOf`);
  }
  if (Array.isArray(schema.oneOf)) {
    const n = schema.oneOf.filter((s) => validate(value, s as Schema, root, path).length === 0).length;
    if (n !== 1) errors.push(`${path}: matches ${n} of oneOf`);
  }
  if (schema.if && validate(value, schema.if as Schema, root, path).length === 0 && schema.then) {
    errors.push(...validate(value, schema.then as Schema, root, path));
  }
  return errors;
}

function hasType(v: unknown, t: string): boolean {
  switch (t) {
    case "object":
      return v !== null && typeof v === "object" && !Array.isArray(v);
    case "array":
      return Array.isArray(v);
    case "string":
      return typeof v === "string";
    case "integer":
      return Number.isInteger(v);
    case "number":
      return typeof v === "number";
    case "boolean":
      return typeof v === "boolean";
    case "null":
      return v === null;
  }
  return false;
}
