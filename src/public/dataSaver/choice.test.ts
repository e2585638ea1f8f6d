import { describe, expect, it } from 'vitest';
import { choiceFromCookie, dataSaverForRequest, isDataSaverOn } from './choice';

describe('data-saver decision', () => {
  it("follows the reader's own choice first, whatever the browser says", () => {
    expect(isDataSaverOn('on', false)).toBe(true);
    expect(isDataSaverOn('off', true)).toBe(false);
  });

  it('follows the browser Save-Data signal when the reader never chose', () => {
    expect(isDataSaverOn(null, true)).toBe(true);
    expect(isDataSaverOn(null, false)).toBe(false);
  });

  it('reads the choice from a Cookie header among others, ignoring junk values', () => {
    expect(choiceFromCookie('a=1; data-saver=on; b=2')).toBe('on');
    expect(choiceFromCookie('data-saver=off')).toBe('off');
    expect(choiceFromCookie('data-saver=maybe')).toBeNull();
    expect(choiceFromCookie('xdata-saver=on')).toBeNull();
    expect(choiceFromCookie(undefined)).toBeNull();
  });

  it('decides a request from its Save-Data header and cookie', () => {
    expect(dataSaverForRequest({})).toBe(false);
    expect(dataSaverForRequest({ 'save-data': 'on' })).toBe(true);
    expect(dataSaverForRequest({ 'save-data': 'On ' })).toBe(true);
    expect(dataSaverForRequest({ 'save-data': 'off' })).toBe(false);
    expect(dataSaverForRequest({ 'save-data': 'on', cookie: 'data-saver=off' })).toBe(false);
    expect(dataSaverForRequest({ cookie: 'data-saver=on' })).toBe(true);
  });
});
