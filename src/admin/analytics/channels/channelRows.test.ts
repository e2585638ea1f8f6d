import { describe, expect, it } from 'vitest';
import type { ChannelFigures } from '@/lib/database';
import { toCsv } from '../../subscribers/csv';
import { CHANNEL_COLUMNS, channelRows, formatDuration, signupsText } from './channelRows';
import { channelsText } from './NowTab';
import { outletRows } from './OutletsTab';

const figures = (over: Partial<ChannelFigures>): ChannelFigures => ({
  channel: 'direct',
  views: 0,
  readings: 0,
  engaged_seconds: 0,
  median_engaged_seconds: null,
  completions: 0,
  readers_new: 0,
  readers_regular: 0,
  readers_loyal: 0,
  lite_views: 0,
  kilobytes: 0,
  ...over,
});

describe('the channel tables', () => {
  it('say per channel its views, average and median engaged time, completion, lite share, kilobytes and reader classes, most views first', () => {
    const rows = channelRows([
      figures({ channel: 'direct', views: 3 }),
      figures({
        channel: 'whatsapp',
        views: 40,
        readings: 20,
        engaged_seconds: 2500,
        median_engaged_seconds: 42,
        completions: 5,
        lite_views: 10,
        kilobytes: 900,
        readers_new: 10,
        readers_regular: 6,
        readers_loyal: 4,
      }),
    ]);
    expect(rows).toEqual([
      ['WhatsApp', 40, '2 min 05', '42 s', '25 %', '25 %', '45', '50 %', '30 %', '20 %'],
      // No reading came in: nothing to average, said as « — » rather than 0.
      ['Direct', 3, '—', '—', '—', '0 %', '—', '—', '—', '—'],
    ]);
    expect(rows[0]).toHaveLength(CHANNEL_COLUMNS.length);
    expect(
      toCsv(
        CHANNEL_COLUMNS,
        rows.map((r) => r.map(String)),
      ).split('\r\n')[1],
    ).toBe('WhatsApp,40,2 min 05,42 s,25 %,25 %,45,50 %,30 %,20 %');
  });

  it('say the sign-ups that started on the article, newsletter and alerts', () => {
    expect(signupsText({ newsletter: 3, alertes: 0 })).toBe("Inscriptions venues de l'article : 3 à la newsletter · 0 aux alertes");
  });

  it('say durations as a reader does', () => {
    expect(formatDuration(45.4)).toBe('45 s');
    expect(formatDuration(125)).toBe('2 min 05');
  });

  it('« En ce moment » names each article’s channels with their average engaged time once readings came in', () => {
    expect(
      channelsText([
        { channel: 'whatsapp', views: 12, readings: 2, engaged_seconds: 200 },
        { channel: 'messageries', views: 3, readings: 0, engaged_seconds: 0 },
      ]),
    ).toBe('WhatsApp 12 (1 min 40) · Messageries (sans référent) 3');
  });
});

describe('« Canaux »', () => {
  it('sets what each channel of ours sent beside the article views it brought', () => {
    const rows = outletRows({
      period_days: 7,
      alerts: { sent: 2, targeted: 300, opened: 45 },
      newsletter_editions: 7,
      shares: { whatsapp: 30 },
      arrivals: { alertes: 60, whatsapp: 120 },
    });
    expect(rows.map((r) => r.cells)).toEqual([
      ['Alertes', 2, 300, 45, 60],
      ['La Matinale (éditions)', 7, '—', '—', 0],
      ['WhatsApp (partages)', 30, '—', '—', 120],
      ['Facebook (partages)', 0, '—', '—', 0],
      ['X (partages)', 0, '—', '—', 0],
      ['Telegram', '—', '—', '—', 0],
      ['Édition hors ligne', '—', '—', '—', 0],
    ]);
  });
});
