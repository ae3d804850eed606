import type * as p from '../parse';

export interface MethodSpec<Req, Res> {
  readonly parse: p.Parser<Req>;
  /** Phantom: carries the result type only. */
  readonly result?: Res;
}

export function method<Req, Res>(parse: p.Parser<Req>): MethodSpec<Req, Res> {
  return { parse };
}

export interface EventSpec<Payload> {
  readonly payload?: Payload;
}

export function event<Payload>(): EventSpec<Payload> {
  return {};
}

