import type { ContentCategory, ManagedContentItem } from '@fieldcraft/contracts';

/** The content table's search, filters and sort, as the owner set them. */
export interface ContentView {
  search: string;
  kind: ContentCategory | 'all';
  state: 'all' | 'live' | 'offline';
  sort: 'newest' | 'oldest' | 'title' | 'last-clicked';
}

export const allContent: ContentView = { search: '', kind: 'all', state: 'all', sort: 'newest' };

export const kindLabels: Record<ContentView['kind'], string> = {
  all: 'All kinds',
  watch: 'Watch',
  listen: 'Listen',
  read: 'Read',
};
export const stateLabels: Record<ContentView['state'], string> = {
  all: 'Live and offline',
  live: 'Live',
  offline: 'Offline',
};
export const sortLabels: Record<ContentView['sort'], string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  title: 'Title A–Z',
  'last-clicked': 'Last clicked',
};

const time = (iso: string | undefined) => (iso ? new Date(iso).getTime() : 0);

/** The items the view shows, in its order. `lastClicked` maps an item id to its latest click. */
export function viewContent(
  items: readonly ManagedContentItem[],
  view: ContentView,
  lastClicked: ReadonlyMap<number, string>,
): ManagedContentItem[] {
  const words = view.search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const shown = items.filter((item) => {
    if (view.kind !== 'all' && item.category !== view.kind) return false;
    if (view.state === 'live' && !item.isActive) return false;
    if (view.state === 'offline' && item.isActive) return false;
    const text = `${item.title} ${item.description}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
  const byTitle = (a: ManagedContentItem, b: ManagedContentItem) =>
    a.title.localeCompare(b.title, 'en', { sensitivity: 'base' });
  const compare: Record<
    ContentView['sort'],
    (a: ManagedContentItem, b: ManagedContentItem) => number
  > = {
    newest: (a, b) => time(b.createdAt) - time(a.createdAt) || byTitle(a, b),
    oldest: (a, b) => time(a.createdAt) - time(b.createdAt) || byTitle(a, b),
    title: byTitle,
    'last-clicked': (a, b) =>
      time(lastClicked.get(b.id)) - time(lastClicked.get(a.id)) || byTitle(a, b),
  };
  return [...shown].sort(compare[view.sort]);
}

/** Where a saved item shows now, for the save message. */
export function whereItShows(item: Pick<ManagedContentItem, 'isActive' | 'category'>): string {
  if (!item.isActive) return 'It is offline: only you see it here, the crew does not.';
  const panel = { watch: 'Watch', listen: 'Listen', read: 'Read' }[item.category];
  return `It now appears on the dashboard, under ${panel}, for everyone with access.`;
}
