import { Fragment, useMemo, type ReactNode } from 'react';
import { parseMarkdown, type Block, type Inline } from '../model/markdown';

const inline = (nodes: Inline[]): ReactNode =>
  nodes.map((node, i) => {
    switch (node.type) {
      case 'text':
        return <Fragment key={i}>{node.text}</Fragment>;
      case 'strong':
        return <strong key={i}>{inline(node.children)}</strong>;
      case 'em':
        return <em key={i}>{inline(node.children)}</em>;
      case 'code':
        return <code key={i}>{node.text}</code>;
      case 'link':
        return (
          <a key={i} href={node.href} target="_blank" rel="noopener noreferrer nofollow">
            {inline(node.children)}
          </a>
        );
    }
  });

const block = (b: Block, i: number): ReactNode => {
  switch (b.type) {
    case 'heading': {
      // Answers sit under the page's own h1/h2: their headings start at h3.
      const Tag = (['h3', 'h4', 'h5', 'h6', 'h6', 'h6'] as const)[b.level - 1] ?? 'h6';
      return <Tag key={i}>{inline(b.children)}</Tag>;
    }
    case 'paragraph':
      return <p key={i}>{inline(b.children)}</p>;
    case 'list': {
      const items = b.items.map((item, j) => <li key={j}>{inline(item)}</li>);
      return b.ordered ? (
        <ol key={i} start={b.start}>
          {items}
        </ol>
      ) : (
        <ul key={i}>{items}</ul>
      );
    }
    case 'code':
      return (
        <pre key={i} className="hj-md__code" data-lang={b.lang || undefined}>
          <code>{b.text}</code>
        </pre>
      );
    case 'quote':
      return <blockquote key={i}>{inline(b.children)}</blockquote>;
    case 'table':
      return (
        <div key={i} className="hj-md__table">
          <table>
            <thead>
              <tr>
                {b.header.map((c, j) => (
                  <th key={j}>{inline(c)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {b.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((c, j) => (
                    <td key={j}>{inline(c)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case 'rule':
      return <hr key={i} />;
  }
};

/** An answer rendered from Markdown as React elements (no HTML strings anywhere). */
export const MarkdownView = ({ text, className }: { text: string; className?: string }) => {
  const blocks = useMemo(() => parseMarkdown(text), [text]);
  return <div className={`hj-md${className ? ` ${className}` : ''}`}>{blocks.map(block)}</div>;
};
