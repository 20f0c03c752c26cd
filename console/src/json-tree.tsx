import type { ComponentChildren } from 'preact';
import { useMemo, useState } from 'preact/hooks';
import { formatNumber } from './format';

/** Lines a value may take when it first shows: levels open breadth first while they fit. */
const OPEN_AT_FIRST = 200;
/** Children an open object or array shows, and how many more each "Show more" adds. */
const CHILDREN_PER_STEP = 100;
/** Characters of a long string shown until asked for the rest. */
const STRING_PREVIEW = 300;
/** Levels that may open by themselves, as before events grew large. */
const OPEN_DEPTH = 3;

type Container = Record<string, unknown> | unknown[];

const isContainer = (value: unknown): value is Container => value !== null && typeof value === 'object';
const sizeOf = (value: Container) => (Array.isArray(value) ? value.length : Object.keys(value).length);

/**
 * JSON as a tree whose objects and arrays fold open and shut (native details/summary, keyboard
 * included). Only what is open is built, a hundred children at a time, and long strings are cut
 * short: the page stays as light for a 1 MB event as for a small one. At first, levels open breadth
 * first while the lines shown stay within a budget, so a small value shows whole.
 */
export function JsonView({ value, label }: { value: unknown; label: string }) {
  const open = useMemo(() => openAtFirst(value), [value]);
  return (
    <div class="json" role="group" aria-label={label}>
      <JsonNode value={value} openAtFirst={open} />
    </div>
  );
}

/** The objects and arrays shown open at first, chosen level by level until the next would pass the budget. */
function openAtFirst(root: unknown): Set<Container> {
  const open = new Set<Container>();
  let level = isContainer(root) ? [root] : [];
  let lines = 0;
  for (let depth = 0; depth < OPEN_DEPTH && level.length > 0; depth += 1) {
    const next: Container[] = [];
    for (const container of level) {
      const shown = Math.min(sizeOf(container), CHILDREN_PER_STEP);
      if (depth > 0 && lines + shown > OPEN_AT_FIRST) return open;
      lines += shown;
      open.add(container);
      next.push(...childrenOf(container, shown).flatMap(([, child]) => (isContainer(child) ? [child] : [])));
    }
    level = next;
  }
  return open;
}

/** The first `count` children, without listing the rest. */
function childrenOf(value: Container, count: number): [string, unknown][] {
  if (Array.isArray(value)) return value.slice(0, count).map((item, index) => [String(index), item]);
  const entries: [string, unknown][] = [];
  for (const key in value) {
    if (entries.length === count) break;
    if (Object.hasOwn(value, key)) entries.push([key, value[key]]);
  }
  return entries;
}

function JsonNode({ value, name, openAtFirst }: { value: unknown; name?: string; openAtFirst: Set<Container> }) {
  const label = name === undefined ? null : <span class="json-key">{name}: </span>;
  if (!isContainer(value)) {
    return (
      <div class="json-line">
        {label}
        <JsonScalar value={value} />
      </div>
    );
  }
  const [start, end] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  const size = sizeOf(value);
  if (size === 0) {
    return (
      <div class="json-line">
        {label}
        <span class="json-punct">
          {start}
          {end}
        </span>
      </div>
    );
  }
  return (
    <JsonContainer value={value} size={size} openAtFirst={openAtFirst} brackets={[start, end]}>
      {label}
    </JsonContainer>
  );
}

function JsonContainer(props: {
  value: Container;
  size: number;
  openAtFirst: Set<Container>;
  brackets: [string, string];
  children: ComponentChildren;
}) {
  const { value, size } = props;
  const [open, setOpen] = useState(() => props.openAtFirst.has(value));
  const [shown, setShown] = useState(CHILDREN_PER_STEP);
  const noun = Array.isArray(value) ? (size === 1 ? 'item' : 'items') : size === 1 ? 'key' : 'keys';
  const left = size - shown;
  return (
    <details class="json-node" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        {props.children}
        <span class="json-punct">{props.brackets[0]}</span>
        <span class="json-count">
          {' '}
          {formatNumber(size)} {noun}
        </span>
      </summary>
      {open && (
        <>
          <div class="json-children">
            {childrenOf(value, shown).map(([key, child]) => (
              <JsonNode key={key} name={key} value={child} openAtFirst={props.openAtFirst} />
            ))}
            {left > 0 && (
              <button type="button" class="link" onClick={() => setShown(shown + CHILDREN_PER_STEP)}>
                Show {formatNumber(Math.min(left, CHILDREN_PER_STEP))} more {noun} ({formatNumber(left)} not shown)
              </button>
            )}
          </div>
          <span class="json-punct">{props.brackets[1]}</span>
        </>
      )}
    </details>
  );
}

function JsonScalar({ value }: { value: unknown }) {
  const [whole, setWhole] = useState(false);
  const kind = value === null ? 'null' : typeof value;
  if (typeof value === 'string' && value.length > STRING_PREVIEW && !whole) {
    return (
      <>
        <span class="json-string">{`${JSON.stringify(value.slice(0, STRING_PREVIEW)).slice(0, -1)}…"`}</span>{' '}
        <button type="button" class="link" onClick={() => setWhole(true)}>
          Show all {formatNumber(value.length)} characters
        </button>
      </>
    );
  }
  return <span class={`json-${kind}`}>{JSON.stringify(value)}</span>;
}
