// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { ArticleSignups, ChannelFigures, ChannelOutlets } from '@/lib/database';
import { formatCount } from '@/lib/numbers';
import { ArticleChannelsPanel } from './ArticleChannelsPanel';
import { OutletsTab } from './OutletsTab';
import { SourcesTab } from './SourcesTab';

const WHATSAPP: ChannelFigures = {
  channel: 'whatsapp',
  views: 1200,
  readings: 10,
  engaged_seconds: 900,
  median_engaged_seconds: 75,
  completions: 4,
  readers_new: 5,
  readers_regular: 3,
  readers_loyal: 2,
  lite_views: 300,
  kilobytes: 500,
};

const provider = {
  channelSources: vi.fn(async (): Promise<ChannelFigures[]> => [WHATSAPP]),
  articleChannels: vi.fn(async (): Promise<ChannelFigures[]> => [WHATSAPP]),
  articleSignups: vi.fn(async (): Promise<ArticleSignups> => ({ newsletter: 3, alertes: 1 })),
  channelOutlets: vi.fn(async (): Promise<ChannelOutlets> => ({
    period_days: 7,
    alerts: { sent: 1, targeted: 50, opened: 9 },
    newsletter_editions: 7,
    shares: { whatsapp: 4 },
    arrivals: { whatsapp: 1200, alertes: 20 },
  })),
};
vi.mock('../../providers/newsroomDataProvider', () => ({ useNewsroomDataProvider: () => provider }));
// recharts needs a laid-out page: the chart's own rendering is not what is checked here.
vi.mock('./ChannelsChart', () => ({ ChannelsChart: ({ label }: { label: string }) => <figure aria-label={label} /> }));

const renderTab = (tab: React.ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>{tab}</MemoryRouter>
    </QueryClientProvider>,
  );

describe('the channel tabs', () => {
  it('« Sources » shows each channel for the chosen period, and asks again for another', async () => {
    renderTab(<SourcesTab />);
    const table = await screen.findByRole('region', { name: 'Canaux' });
    // The figures come once the database answered (the table says « Aucune donnée disponible » until then).
    await within(table).findByRole('table', {}, { timeout: 5000 });
    expect(within(table).getByRole('columnheader', { name: 'Temps médian' })).toBeTruthy();
    expect(
      within(table)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['WhatsApp', formatCount(1200), '1 min 30', '1 min 15', '40 %', '25 %', '50', '50 %', '30 %', '20 %']);
    expect(await screen.findByRole('figure', { name: "Vues d'articles par canal sur les 7 derniers jours" })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '30 derniers jours' }));
    expect(provider.channelSources).toHaveBeenLastCalledWith(30);
  });

  it('« Canaux » sets what was sent beside the readers it brought', async () => {
    renderTab(<OutletsTab />);
    const table = await screen.findByRole('region', { name: 'Nos envois' });
    const whatsapp = await within(table).findByRole('row', { name: /WhatsApp/ });
    expect(
      within(whatsapp)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['WhatsApp (partages)', '4', '—', '—', formatCount(1200)]);
    expect(within(table).getByRole('button', { name: 'Exporter (CSV)' })).toBeTruthy();
  });

  it('the editor’s panel says, once opened, the sign-ups that started on the article above its channels', async () => {
    renderTab(<ArticleChannelsPanel articleId="a1" />);
    expect(provider.articleSignups).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: /D'où viennent ses lecteurs/ }));
    expect(await screen.findByText("Inscriptions venues de l'article : 3 à la newsletter · 1 aux alertes")).toBeTruthy();
    expect(provider.articleSignups).toHaveBeenLastCalledWith('a1', 30);
    const table = await screen.findByRole('region', { name: "Canaux de l'article" });
    expect(within(table).getByRole('columnheader', { name: 'Temps médian' })).toBeTruthy();
  });
});
