import type { DescribedPage } from '@contracts/dealership';
import type { MetaDescriptor } from 'react-router';
import { pageDescription, pageMeta } from '~/lib/meta';
import type { RootData } from '~/root';

interface Input {
  /** Title before the dealership's name. */
  title: string;
  description: string;
  path: string;
  /** Which of the pages whose description the dealership may write (site settings). */
  page: DescribedPage;
}

/** Title, description and canonical link of a service page, from the root loader's dealership data. */
export function serviceMeta(
  matches: readonly unknown[],
  { title, description, path, page }: Input,
): MetaDescriptor[] {
  const root = (matches[0] as { loaderData?: RootData } | undefined)?.loaderData;
  const name = root?.dealership.name;
  return pageMeta({
    title: name ? `${title} | ${name}` : title,
    description: pageDescription(root, page, description),
    path,
    publicUrl: root?.publicUrl ?? '',
  });
}
