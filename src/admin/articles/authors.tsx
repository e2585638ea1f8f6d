import { useMemo } from 'react';
import { SelectInput, useGetIdentity } from 'react-admin';
import { useNewsroomRole } from '../providers/useNewsroomRole';
import { bylineChoices } from './byline';
import { useNewsroomMembers } from './useNewsroomMembers';

/**
 * The byline's name for an author id (a newsroom member's user id). Administrators read the
 * newsroom's members (useNewsroomMembers); a journalist's list holds only their own articles, so
 * their own name is every row's. '' while the names load or for an unknown id.
 */
export function useAuthorName(): (authorId: string | null | undefined) => string {
  const admin = useNewsroomRole() === 'admin';
  const { data } = useNewsroomMembers(admin);
  const { identity } = useGetIdentity();
  return useMemo(() => {
    const names = new Map(bylineChoices(data ?? []).map((c) => [c.id, c.name]));
    if (!admin && identity) names.set(String(identity.id), identity.fullName ?? '');
    return (authorId) => (authorId ? (names.get(authorId) ?? '') : '');
  }, [admin, data, identity]);
}

/** « Auteur », the list's filter on the byline (administrators: the list is the whole newsroom's). */
export function AuthorFilterInput({ source }: { source: string; alwaysOn?: boolean }) {
  const { data } = useNewsroomMembers();
  const choices = useMemo(() => bylineChoices(data ?? []), [data]);
  return <SelectInput source={source} label="resources.articles.fields.author_id" choices={choices} emptyText="Tous" isLoading={!data} />;
}
