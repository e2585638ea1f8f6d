import { describe, expect, it } from 'vitest';
import { sentBackFirst, SENT_BACK_FIRST } from './sentBackFirst';

const params = { pagination: { page: 1, perPage: 25 }, sort: { field: 'created_at', order: 'DESC' as const }, filter: {} };

describe('sentBackFirst', () => {
  it('puts the sent-back articles ahead of the chosen order in a list that asks for it', () => {
    expect(sentBackFirst({ ...params, meta: { [SENT_BACK_FIRST]: true } }).sort).toEqual({
      field: 'sent_back_at.desc.nullslast,created_at',
      order: 'DESC',
    });
    expect(sentBackFirst({ ...params, sort: { field: 'title', order: 'ASC' }, meta: { [SENT_BACK_FIRST]: true } }).sort).toEqual({
      field: 'sent_back_at.desc.nullslast,title',
      order: 'ASC',
    });
  });
  it('leaves every other list as it was', () => {
    expect(sentBackFirst(params)).toBe(params);
  });
});
