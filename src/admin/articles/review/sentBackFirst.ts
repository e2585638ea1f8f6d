import type { GetListParams } from 'react-admin';

/** A list call's meta flag: its articles « Renvoyé avec remarques » come first (a journalist's « Mes articles »). */
export const SENT_BACK_FIRST = 'sentBackFirst';

/**
 * The list's order with the sent-back articles ahead of the rest, most recently sent back first,
 * then the order chosen (the data provider writes `<field>.<order>` into PostgREST's order, so the
 * first key goes in front of the field). Other calls pass unchanged.
 */
export function sentBackFirst(params: GetListParams): GetListParams {
  if (!params.meta?.[SENT_BACK_FIRST]) return params;
  const field = params.sort?.field || 'created_at';
  const order = params.sort?.order ?? 'DESC';
  return { ...params, sort: { field: `sent_back_at.desc.nullslast,${field}`, order } };
}
