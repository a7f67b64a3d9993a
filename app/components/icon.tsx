import type { ReactElement, SVGProps } from 'react';

/** What a lucide icon module exports besides its component (`__iconData`): the icon's name and its SVG shapes. */
interface IconData {
  name: string;
  aliases?: readonly unknown[];
  node: ReadonlyArray<readonly [string, Readonly<Record<string, string | number>>]>;
}

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children' | 'dangerouslySetInnerHTML'> {
  size?: number | string;
}

export type Icon = (props: IconProps) => ReactElement;

const escapeAttribute = (value: string | number) =>
  String(value).replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/**
 * A lucide icon drawn as one <svg> whose shapes are a constant string, made once per icon. lucide-react's own
 * component rebuilds its attributes and one React element per shape on every render. A vehicle page has about
 * 50 icons, and they cost about a quarter of its server render (ADR 0010). The markup is the same as lucide's:
 * the same classes, `aria-hidden` unless the icon is labelled, and the size and stroke width as props.
 */
export function icon(data: IconData | undefined): Icon {
  if (!data?.name || !Array.isArray(data.node))
    throw new Error('lucide-react changed: an icon module without __iconData (see app/components/icon.tsx)');
  const shapes = {
    __html: data.node
      .map(([tag, attributes]) => {
        const pairs = (Object.entries(attributes) as Array<[string, string | number]>).filter(
          ([name]) => name !== 'key',
        );
        return `<${tag}${pairs.map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`).join('')}/>`;
      })
      .join(''),
  };
  const own = ['lucide', `lucide-${data.name}`];
  for (const alias of data.aliases ?? [])
    if (typeof alias === 'string' && alias.trim()) own.push(`lucide-${alias}`);
  // The class list per className given (a handful of constant strings), each token once, as lucide merges them.
  const classLists = new Map<string, string>();
  const classesWith = (className = '') => {
    let list = classLists.get(className);
    if (list === undefined) {
      list = [...new Set([...own, ...className.split(/\s+/).filter(Boolean)])].join(' ');
      classLists.set(className, list);
    }
    return list;
  };
  function LucideSvg({ size = 24, strokeWidth = 2, className, ...props }: IconProps) {
    const labelled = Object.entries(props).some(
      ([name, value]) => (name.startsWith('aria-') || name === 'role' || name === 'title') && value != null,
    );
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={strokeWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={classesWith(className)}
        aria-hidden={labelled ? undefined : true}
        {...props}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: constant shapes from lucide's data, escaped above
        dangerouslySetInnerHTML={shapes}
      />
    );
  }
  return LucideSvg;
}
