export * from './records';
export { normaliseObject, normalisePage } from './page';
export {
  compileSchema,
  type CompiledSchema,
  type NormaliseContext,
  normaliseBySchema,
  type RecordSchema,
  type FieldKind,
  type FieldSpec,
} from './schema';
export {
  readAmount,
  readBoolean,
  readNumber,
  readText,
  readTextList,
  readTimestamp,
  toJsonValue,
} from './values';
