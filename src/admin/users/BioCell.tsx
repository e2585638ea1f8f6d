import { ReferenceField, WithRecord } from 'react-admin';

/** The spec's truncation: a bio's first words on one line; the whole text is the profile's. */
export const BIO_LENGTH = 80;

/** « Bio » as the users list shows it: cut at BIO_LENGTH with « … », '-' when empty (spec). */
export function truncatedBio(bio: string | null | undefined): string {
  const text = bio?.trim().replace(/\s+/g, ' ') ?? '';
  if (!text) return '-';
  return text.length > BIO_LENGTH ? `${text.slice(0, BIO_LENGTH).trimEnd()}…` : text;
}

/**
 * The account's profile bio. The accounts view does not carry it: the profiles of the page's rows
 * are read in one call (ReferenceField batches them; administrators read every profile).
 */
export function BioCell() {
  return (
    <ReferenceField source="id" reference="profiles" link={false} queryOptions={{ meta: { columns: ['id', 'bio'] } }} emptyText="-">
      <WithRecord<{ bio: string | null }> render={(profile) => truncatedBio(profile.bio)} />
    </ReferenceField>
  );
}
