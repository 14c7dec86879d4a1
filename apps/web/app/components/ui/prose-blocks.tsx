import type { ReactNode } from "react";
import { Link } from "react-router";
import { type InlinePart, type NoticeTone, type ProseBlock, plainText, type RichText } from "./prose.ts";

const linkClass =
  "rounded-sm font-medium text-brand-800 underline underline-offset-2 hover:text-brand-950 break-words";

function Inline({ part }: { part: InlinePart }) {
  if (typeof part === "string") return part;
  if ("strong" in part) return <strong className="font-semibold text-slate-900">{part.strong}</strong>;
  if (part.href.startsWith("/")) {
    return (
      <Link to={part.href} className={linkClass}>
        {part.text}
      </Link>
    );
  }
  const external = /^https?:/.test(part.href);
  return (
    <a href={part.href} className={linkClass} {...(external ? { rel: "noopener noreferrer" } : {})}>
      {part.text}
    </a>
  );
}

export function Rich({ text }: { text: RichText }) {
  if (typeof text === "string") return text;
  return withKeys(text, (part) => plainText([part])).map(([key, part]) => <Inline key={key} part={part} />);
}

/**
 * Keys from the content itself (copy may repeat a phrase, so repeats get a counter): static
 * copy has no ids, and keys from content stay right if the copy is edited.
 */
function withKeys<T>(items: readonly T[], keyOf: (item: T) => string): [string, T][] {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const base = keyOf(item);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    return [count === 0 ? base : `${base}#${count}`, item];
  });
}

function blockKey(block: ProseBlock): string {
  switch (block.kind) {
    case "paragraph":
      return `p:${plainText(block.text)}`;
    case "list":
      return `list:${block.items.map(plainText).join("|")}`;
    case "definitions":
      return `dl:${block.items.map((item) => item.term).join("|")}`;
    case "notice":
      return `notice:${block.title}`;
    case "slot":
      return `slot:${block.name}`;
  }
}

const noticeStyles: Record<NoticeTone, { box: string; title: string }> = {
  important: { box: "border-amber-300 bg-amber-50 text-amber-950", title: "text-amber-950" },
  emergency: { box: "border-red-300 bg-red-50 text-red-950", title: "text-red-900" },
  info: { box: "border-brand-200 bg-brand-50 text-slate-800", title: "text-brand-900" },
};

export function Notice({
  tone,
  title,
  children,
  headingLevel = 2,
}: {
  tone: NoticeTone;
  title: string;
  children: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const style = noticeStyles[tone];
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <aside aria-label={title} className={`rounded-xl border-l-4 border ${style.box} p-4 sm:p-5`}>
      <Heading className={`font-semibold text-base ${style.title}`}>{title}</Heading>
      <div className="mt-1 text-sm leading-6">{children}</div>
    </aside>
  );
}

interface BlockOptions {
  slots: Record<string, ReactNode>;
  noticeHeadingLevel: 2 | 3;
}

function Block({ block, slots, noticeHeadingLevel }: { block: ProseBlock } & BlockOptions) {
  switch (block.kind) {
    case "paragraph":
      return (
        <p>
          <Rich text={block.text} />
        </p>
      );
    case "list":
      return (
        <ul className="list-disc space-y-2 pl-6 marker:text-brand-700">
          {withKeys(block.items, plainText).map(([key, item]) => (
            <li key={key}>
              <Rich text={item} />
            </li>
          ))}
        </ul>
      );
    case "definitions":
      return (
        <dl className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {block.items.map((item) => (
            <div key={item.term} className="grid gap-1 p-4 sm:grid-cols-[minmax(0,13rem)_1fr] sm:gap-4">
              <dt className="break-words font-semibold text-slate-900">{item.term}</dt>
              <dd>
                <Rich text={item.text} />
              </dd>
            </div>
          ))}
        </dl>
      );
    case "notice":
      return (
        <Notice tone={block.tone} title={block.title} headingLevel={noticeHeadingLevel}>
          <p>
            <Rich text={block.text} />
          </p>
        </Notice>
      );
    case "slot":
      return <div>{slots[block.name]}</div>;
  }
}

/**
 * Renders prose blocks with the site's reading styles. `slots` fills `{ kind: "slot" }` blocks;
 * `noticeHeadingLevel` keeps notices one level below the heading they sit under.
 */
export function ProseBlocks({
  blocks,
  slots = {},
  noticeHeadingLevel = 3,
}: {
  blocks: readonly ProseBlock[];
  slots?: Record<string, ReactNode>;
  noticeHeadingLevel?: 2 | 3;
}) {
  return (
    <div className="space-y-4 text-base text-slate-700 leading-7">
      {withKeys(blocks, blockKey).map(([key, block]) => (
        <Block key={key} block={block} slots={slots} noticeHeadingLevel={noticeHeadingLevel} />
      ))}
    </div>
  );
}
