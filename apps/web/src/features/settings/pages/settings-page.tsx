import { type MouseEvent, type ReactNode, useEffect, useMemo, useState } from 'react';
import './settings-page.css';

/** One card of the page; the sections come from the features that own them (app/settings-route.tsx). */
export interface SettingsSection {
  id: string;
  title: string;
  description: string;
  render: () => ReactNode;
}

/** The section nearest the top of the viewport, for the nav highlight. */
function useActiveSection(ids: string[]): [string, (id: string) => void] {
  const [active, setActive] = useState(ids[0] ?? '');
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    const visible = new Map<string, number>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) visible.set(entry.target.id, entry.boundingClientRect.top);
          else visible.delete(entry.target.id);
        }
        const first = ids.find((id) => visible.has(id));
        if (first) setActive(first);
      },
      { rootMargin: '-90px 0px -55% 0px' },
    );
    for (const id of ids) {
      const element = document.getElementById(id);
      if (element) observer.observe(element);
    }
    // The last section may never reach the top: at the bottom of the page it is the one being read.
    const onScroll = () => {
      const last = ids[ids.length - 1];
      if (last && window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 4) setActive(last);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', onScroll);
    };
  }, [ids]);
  return [active, setActive];
}

/** The settings as one page of cards, with a nav that follows the section being read. */
export function SettingsPage({ sections }: { sections: SettingsSection[] }) {
  const sectionIds = useMemo(() => sections.map((s) => s.id), [sections]);
  const [active, setActive] = useActiveSection(sectionIds);

  // A link such as /settings#outbox opens at that section.
  useEffect(() => {
    const id = window.location.hash.slice(1);
    if (id && sectionIds.includes(id)) document.getElementById(id)?.scrollIntoView();
  }, [sectionIds]);

  function go(event: MouseEvent<HTMLAnchorElement>, id: string) {
    event.preventDefault();
    setActive(id);
    window.history.replaceState(window.history.state, '', `#${id}`);
    document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }

  return (
    <div className="page settings-page">
      <div className="settings-layout">
        <nav className="settings-nav" aria-label="Settings sections">
          {sections.map((s) => (
            <a
              key={s.id}
              href={`#${s.id}`}
              className={s.id === active ? 'is-active' : undefined}
              aria-current={s.id === active ? 'true' : undefined}
              onClick={(e) => go(e, s.id)}
            >
              {s.title}
            </a>
          ))}
        </nav>
        <div className="settings-sections">
          {sections.map((s) => (
            <section key={s.id} id={s.id} className="card settings-card" aria-labelledby={`${s.id}-title`}>
              <header className="settings-card-header">
                <h2 id={`${s.id}-title`}>{s.title}</h2>
                <p className="muted">{s.description}</p>
              </header>
              {s.render()}
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
