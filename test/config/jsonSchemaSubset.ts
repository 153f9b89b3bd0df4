// A JSON Schema (draft 2020-12) checker for the keywords `config-schema` prints, and no more: a
// keyword it does not know fails the test rather than being skipped, so the schema cannot grow
// past what this checks without anyone noticing. Written here rather than added as a dependency.
type Schema = Readonly<Record<string, unknown>>;

/** Words that describe and check nothing. */
const ANNOTATIONS = new Set(['$schema', 'title', 'description']);
const KNOWN = new Set([
  ...ANNOTATIONS,
  'type',
  'properties',
  'required',
  'additionalProperties',
  'propertyNames',
  'items',
  'enum',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'multipleOf',
  'minItems',
]);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function typeOk(type: unknown, value: unknown): boolean {
  switch (type) {
    case 'object':
      return isObject(value);
    case 'array':
      return Array.isArray(value);
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    default:
      throw new Error(`type ${JSON.stringify(type)} is not in the subset`);
  }
}

/** Where `value` breaks `schema`: one line per problem, `/`-separated paths; empty when it conforms. */
export function schemaProblems(schema: Schema, value: unknown, at = ''): string[] {
  const unknown = Object.keys(schema).filter((k) => !KNOWN.has(k));
  if (unknown.length > 0) throw new Error(`${at || '/'}: keywords outside the subset: ${unknown.join(', ')}`);
  const where = at || '/';
  if (schema.type !== undefined && !typeOk(schema.type, value)) return [`${where}: not ${String(schema.type)}`];
  const problems: string[] = [];
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) problems.push(`${where}: not one of the enum`);
  if (typeof value === 'string') {
    const length = [...value].length;
    if (typeof schema.minLength === 'number' && length < schema.minLength) problems.push(`${where}: shorter than ${schema.minLength}`);
    if (typeof schema.maxLength === 'number' && length > schema.maxLength) problems.push(`${where}: longer than ${schema.maxLength}`);
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value)) problems.push(`${where}: does not match ${schema.pattern}`);
  }
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) problems.push(`${where}: below ${schema.minimum}`);
    if (typeof schema.maximum === 'number' && value > schema.maximum) problems.push(`${where}: above ${schema.maximum}`);
    if (typeof schema.multipleOf === 'number' && !Number.isInteger(value / schema.multipleOf)) problems.push(`${where}: not a multiple of ${schema.multipleOf}`);
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems) problems.push(`${where}: fewer than ${schema.minItems} items`);
    if (isObject(schema.items)) value.forEach((item, i) => problems.push(...schemaProblems(schema.items as Schema, item, `${at}/${i}`)));
  }
  if (isObject(value)) {
    const properties = isObject(schema.properties) ? schema.properties : {};
    for (const name of Array.isArray(schema.required) ? schema.required : []) {
      if (!Object.hasOwn(value, name as string)) problems.push(`${where}: ${String(name)} is required`);
    }
    for (const [name, item] of Object.entries(value)) {
      const path = `${at}/${name}`;
      if (isObject(schema.propertyNames)) problems.push(...schemaProblems(schema.propertyNames, name, `${path} (name)`));
      if (Object.hasOwn(properties, name)) problems.push(...schemaProblems(properties[name] as Schema, item, path));
      else if (schema.additionalProperties === false) problems.push(`${path}: not allowed`);
      else if (isObject(schema.additionalProperties)) problems.push(...schemaProblems(schema.additionalProperties, item, path));
    }
  }
  return problems;
}
