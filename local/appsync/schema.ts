/**
 * schema.graphql as AppSync reads it, for graphql-js: the AWS scalars (validated like AppSync)
 * and AppSync's directives are declared in a prelude so the same file builds locally.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildSchema, GraphQLError, GraphQLScalarType, Kind, type GraphQLSchema, type ValueNode } from 'graphql';
import { ROOT } from '../../resolvers/bundle.ts';

export const APPSYNC_PRELUDE = `
scalar AWSDate
scalar AWSTime
scalar AWSDateTime
scalar AWSTimestamp
scalar AWSEmail
scalar AWSJSON
scalar AWSURL
scalar AWSPhone
scalar AWSIPAddress
directive @aws_subscribe(mutations: [String]) on FIELD_DEFINITION
directive @aws_publish(subscriptions: [String]) on FIELD_DEFINITION
directive @aws_auth(cognito_groups: [String]) on FIELD_DEFINITION
directive @aws_cognito_user_pools(cognito_groups: [String]) on OBJECT | FIELD_DEFINITION
directive @aws_api_key on OBJECT | FIELD_DEFINITION
directive @aws_iam on OBJECT | FIELD_DEFINITION
directive @aws_oidc on OBJECT | FIELD_DEFINITION
directive @aws_lambda on OBJECT | FIELD_DEFINITION
directive @canonical on OBJECT
directive @hidden on OBJECT | FIELD_DEFINITION
directive @renamed(to: String!) on OBJECT | FIELD_DEFINITION
`;

const OFFSET = '(?:Z|[+-]\\d{2}(?::?\\d{2}(?::?\\d{2})?)?)';
const DATE = '\\d{4}-\\d{2}-\\d{2}';
const TIME = '\\d{2}:\\d{2}(?::\\d{2}(?:\\.\\d{1,9})?)?';
const PATTERNS = {
  AWSDate: new RegExp(`^${DATE}${OFFSET}?$`),
  AWSTime: new RegExp(`^${TIME}${OFFSET}?$`),
  AWSDateTime: new RegExp(`^${DATE}T${TIME}${OFFSET}$`),
  AWSEmail: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  AWSPhone: /^\+?[0-9][0-9 ().-]{3,}[0-9]$/,
};

function stringScalar(name: string, valid: (s: string) => boolean, description: string): GraphQLScalarType {
  const check = (value: unknown) => {
    if (typeof value !== 'string' || !valid(value)) throw new GraphQLError(`Invalid ${name} value: ${typeof value === 'string' ? 'bad format' : typeof value}`);
    return value;
  };
  return new GraphQLScalarType({
    name,
    description,
    serialize: check,
    parseValue: check,
    parseLiteral: (ast: ValueNode) => {
      if (ast.kind !== Kind.STRING) throw new GraphQLError(`${name} must be a string`);
      return check(ast.value);
    },
  });
}

const isUrl = (s: string) => {
  try {
    return Boolean(new URL(s).protocol);
  } catch {
    return false;
  }
};
const isIp = (s: string) => /^(\d{1,3})(\.\d{1,3}){3}(\/\d{1,2})?$/.test(s) || (/^[0-9a-fA-F:]+(\/\d{1,3})?$/.test(s) && s.includes(':'));

export const AWS_SCALARS: GraphQLScalarType[] = [
  stringScalar('AWSDate', (s) => PATTERNS.AWSDate.test(s), 'YYYY-MM-DD, optional offset'),
  stringScalar('AWSTime', (s) => PATTERNS.AWSTime.test(s), 'hh:mm[:ss[.sss]], optional offset'),
  stringScalar('AWSDateTime', (s) => PATTERNS.AWSDateTime.test(s) && !Number.isNaN(Date.parse(s.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'))), 'ISO 8601 date-time with offset'),
  stringScalar('AWSEmail', (s) => PATTERNS.AWSEmail.test(s), 'RFC 822 e-mail address'),
  stringScalar('AWSURL', isUrl, 'URL with a scheme'),
  stringScalar('AWSPhone', (s) => PATTERNS.AWSPhone.test(s), 'Phone number'),
  stringScalar('AWSIPAddress', isIp, 'IPv4 or IPv6 address, optional CIDR suffix'),
  new GraphQLScalarType({
    name: 'AWSTimestamp',
    description: 'Seconds since the epoch',
    serialize: (v) => {
      if (typeof v !== 'number' || !Number.isInteger(v)) throw new GraphQLError('Invalid AWSTimestamp value');
      return v;
    },
    parseValue: (v) => {
      if (typeof v !== 'number' || !Number.isInteger(v)) throw new GraphQLError('Invalid AWSTimestamp value');
      return v;
    },
    parseLiteral: (ast) => {
      if (ast.kind !== Kind.INT) throw new GraphQLError('AWSTimestamp must be an integer');
      return Number(ast.value);
    },
  }),
  new GraphQLScalarType({
    name: 'AWSJSON',
    description: 'A JSON string',
    // Output: AppSync serialises the value to a JSON string.
    serialize: (v) => (typeof v === 'string' ? v : JSON.stringify(v)),
    // Input: a string holding JSON; resolvers receive the parsed value.
    parseValue: (v) => {
      if (typeof v !== 'string') throw new GraphQLError('AWSJSON input must be a JSON string');
      try {
        return JSON.parse(v);
      } catch {
        throw new GraphQLError('AWSJSON input is not valid JSON');
      }
    },
    parseLiteral: (ast) => {
      if (ast.kind !== Kind.STRING) throw new GraphQLError('AWSJSON must be a JSON string');
      try {
        return JSON.parse(ast.value);
      } catch {
        throw new GraphQLError('AWSJSON input is not valid JSON');
      }
    },
  }),
];

export function loadSchemaText(file = resolve(ROOT, 'schema.graphql')): string {
  return readFileSync(file, 'utf8');
}

/** Builds the executable-shape schema (resolvers are attached by the executor). */
export function buildAppSyncSchema(sdl = loadSchemaText()): GraphQLSchema {
  const schema = buildSchema(`${APPSYNC_PRELUDE}\n${sdl}`);
  for (const scalar of AWS_SCALARS) {
    const target = schema.getType(scalar.name) as GraphQLScalarType;
    target.serialize = scalar.serialize;
    target.parseValue = scalar.parseValue;
    target.parseLiteral = scalar.parseLiteral;
  }
  return schema;
}
