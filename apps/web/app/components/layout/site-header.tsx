import { type FocusEvent, type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Link, NavLink, useLocation } from "react-router";
import type { NavCategory } from "../../lib/nav-categories.ts";
import { infoLinks, sitePaths } from "../../lib/site-paths.ts";
import { useHydrated } from "../condition/use-hydrated.ts";
import { ChevronDownIcon, CloseIcon, LogoMark, MenuIcon } from "../ui/icons.tsx";

/** A dropdown stays open this long after the pointer leaves it (public site §9). */
const DROPDOWN_CLOSE_DELAY_MS = 150;

/**
 * The site header. Every subcategory link is in the server HTML (the dropdown panels are rendered
 * and merely `hidden`), so crawlers and readers without JavaScript still find them; the footer
 * repeats them visibly.
 */
const menuControlClass =
  "ml-auto inline-flex items-center gap-2 rounded-md px-2.5 py-2 font-medium text-slate-700 text-sm hover:bg-slate-100 xl:hidden";

export function SiteHeader({ categories }: { categories: NavCategory[] }) {
  const [openCategoryId, setOpenCategoryId] = useState<string | null>(null);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [expandedMobileId, setExpandedMobileId] = useState<string | null>(null);
  const openedByHover = useRef(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const navRef = useRef<HTMLElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const hydrated = useHydrated();

  // Any navigation closes every menu (set during render, as React recommends for derived resets).
  const location = useLocation();
  const [seenLocationKey, setSeenLocationKey] = useState(location.key);
  if (seenLocationKey !== location.key) {
    setSeenLocationKey(location.key);
    setOpenCategoryId(null);
    setMobileOpen(false);
  }

  const cancelClose = () => {
    clearTimeout(closeTimer.current);
    closeTimer.current = undefined;
  };
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  // A press anywhere outside the desktop navigation closes its open dropdown.
  useEffect(() => {
    if (openCategoryId === null) return;
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setOpenCategoryId(null);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [openCategoryId]);

  const dropdownHandlers = {
    hoverOpen(id: string) {
      cancelClose();
      if (openCategoryId !== id) {
        openedByHover.current = true;
        setOpenCategoryId(id);
      }
    },
    hoverLeave() {
      cancelClose();
      closeTimer.current = setTimeout(() => setOpenCategoryId(null), DROPDOWN_CLOSE_DELAY_MS);
    },
    toggle(id: string) {
      cancelClose();
      // A click on a dropdown the pointer has just opened keeps it open instead of closing it at once.
      const closing = openCategoryId === id && !openedByHover.current;
      openedByHover.current = false;
      setOpenCategoryId(closing ? null : id);
    },
    open(id: string) {
      cancelClose();
      openedByHover.current = false;
      setOpenCategoryId(id);
    },
    close() {
      cancelClose();
      setOpenCategoryId(null);
    },
  };

  // Escape closes the mobile menu wherever focus is (often still on the Menu button itself).
  useEffect(() => {
    if (!mobileOpen) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setMobileOpen(false);
      menuButtonRef.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [mobileOpen]);

  return (
    <header className="sticky top-0 z-40 border-slate-200 border-b bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      {/* The navigation starts after the logo rather than at the far end: a page painted before its
          header has been read in full (a slow phone parses in slices) then only grows to the right,
          and nothing already drawn moves (no layout shift). */}
      <div className="page-container flex h-16 items-center gap-4">
        <Link
          to={sitePaths.home}
          className="flex shrink-0 items-center gap-2 rounded-md font-bold text-lg text-slate-900 tracking-tight"
          aria-label="PharmaCompare home"
        >
          <LogoMark className="size-8" />
          <span>
            Pharma<span className="text-brand-700">Compare</span>
          </span>
        </Link>

        {/* As tall as its items from the start, so a half-read first item is not centred elsewhere. */}
        <nav ref={navRef} aria-label="Main" className="hidden xl:ml-4 xl:block xl:h-9">
          <ul className="flex h-full items-center gap-0.5">
            {categories.map((category) => (
              <CategoryDropdown
                key={category.id}
                category={category}
                isOpen={openCategoryId === category.id}
                handlers={dropdownHandlers}
              />
            ))}
            {categories.length > 0 ? <li aria-hidden="true" className="mx-2 h-5 w-px bg-slate-200" /> : null}
            {infoLinks.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  className={({ isActive }) =>
                    `block rounded-md px-3 py-2 font-medium text-sm hover:bg-slate-100 hover:text-slate-900 ${
                      isActive ? "text-brand-800" : "text-slate-700"
                    }`
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        {hydrated ? (
          <button
            ref={menuButtonRef}
            type="button"
            className={menuControlClass}
            aria-expanded={mobileOpen}
            aria-controls="mobile-menu"
            onClick={() => setMobileOpen((open) => !open)}
          >
            {mobileOpen ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
            <span>Menu</span>
          </button>
        ) : (
          // Without JavaScript (or before hydration) the menu cannot open: the control is a link to
          // the footer navigation, which lists the same pages.
          <a href="#footer-nav" className={menuControlClass}>
            <MenuIcon className="size-6" />
            <span>Menu</span>
          </a>
        )}
      </div>

      {/* Only a hydrated page can open it (see the Menu control), so the server never sends it. */}
      {hydrated ? (
        <MobileMenu
          categories={categories}
          open={mobileOpen}
          expandedId={expandedMobileId}
          onExpand={(id) => setExpandedMobileId((current) => (current === id ? null : id))}
          onClose={() => setMobileOpen(false)}
        />
      ) : null}
    </header>
  );
}

interface DropdownHandlers {
  hoverOpen(id: string): void;
  hoverLeave(): void;
  toggle(id: string): void;
  open(id: string): void;
  close(): void;
}

function CategoryDropdown({
  category,
  isOpen,
  handlers,
}: {
  category: NavCategory;
  isOpen: boolean;
  handlers: DropdownHandlers;
}) {
  const itemRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = `nav-${category.id}`;

  // Touch "hover" is a tap: only a real mouse opens on hover, so a tap is handled once, as a click.
  const isMouse = (event: PointerEvent) => event.pointerType === "mouse";

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape" && isOpen) {
      event.preventDefault();
      handlers.close();
      buttonRef.current?.focus();
    }
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      flushSync(() => handlers.open(category.id));
      itemRef.current?.querySelector<HTMLAnchorElement>(`#${panelId} a`)?.focus();
    }
  };

  const onBlur = (event: FocusEvent) => {
    if (isOpen && !itemRef.current?.contains(event.relatedTarget as Node | null)) handlers.close();
  };

  return (
    <li
      ref={itemRef}
      className="relative"
      onPointerEnter={(event) => {
        if (isMouse(event)) handlers.hoverOpen(category.id);
      }}
      onPointerLeave={(event) => {
        if (isMouse(event)) handlers.hoverLeave();
      }}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => handlers.toggle(category.id)}
        onKeyDown={onButtonKeyDown}
        className={`inline-flex items-center gap-1 whitespace-nowrap rounded-md px-3 py-2 font-medium text-sm hover:bg-slate-100 hover:text-slate-900 ${
          isOpen ? "bg-slate-100 text-slate-900" : "text-slate-700"
        }`}
      >
        {category.name}
        <ChevronDownIcon
          className={`size-4 motion-safe:transition-transform ${isOpen ? "rotate-180" : ""}`}
        />
      </button>
      {/* pt-2 instead of a margin: the pointer crosses the gap without "leaving" the dropdown. */}
      <div id={panelId} hidden={!isOpen} className="absolute top-full left-0 z-50 w-[22rem] pt-2">
        <div className="rounded-xl border border-slate-200 bg-white p-2 shadow-lg shadow-slate-900/10">
          <SubcategoryLinks category={category} onNavigate={handlers.close} variant="dropdown" />
        </div>
      </div>
    </li>
  );
}

function SubcategoryLinks({
  category,
  onNavigate,
  variant,
}: {
  category: NavCategory;
  onNavigate: () => void;
  variant: "dropdown" | "mobile";
}) {
  if (category.subcategories.length === 0) {
    return (
      <p className="px-3 py-2 text-slate-600 text-sm">Conditions for {category.name} are coming soon.</p>
    );
  }
  return (
    <ul className={variant === "dropdown" ? "space-y-0.5" : "space-y-1 pb-2"}>
      {category.subcategories.map((subcategory) => (
        <li key={subcategory.id}>
          {/* Styled by app.css (.nav-condition): every page's header holds one of these per condition. */}
          <Link to={sitePaths.condition(subcategory.id)} onClick={onNavigate} className="nav-condition">
            <span>{subcategory.name}</span>
            {subcategory.description ? <span>{subcategory.description}</span> : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function MobileMenu({
  categories,
  open,
  expandedId,
  onExpand,
  onClose,
}: {
  categories: NavCategory[];
  open: boolean;
  expandedId: string | null;
  onExpand: (id: string) => void;
  onClose: () => void;
}) {
  return (
    <div
      id="mobile-menu"
      hidden={!open}
      className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-slate-200 border-t bg-white xl:hidden"
    >
      <nav aria-label="Main" className="page-container py-3">
        {categories.length > 0 ? (
          <ul className="divide-y divide-slate-100">
            {categories.map((category) => {
              const expanded = expandedId === category.id;
              const panelId = `mobile-nav-${category.id}`;
              return (
                <li key={category.id}>
                  <button
                    type="button"
                    aria-expanded={expanded}
                    aria-controls={panelId}
                    onClick={() => onExpand(category.id)}
                    className="flex w-full items-center justify-between rounded-md px-3 py-3 text-left font-semibold text-base text-slate-900 hover:bg-slate-50"
                  >
                    {category.name}
                    <ChevronDownIcon
                      className={`size-5 text-slate-500 motion-safe:transition-transform ${expanded ? "rotate-180" : ""}`}
                    />
                  </button>
                  <div id={panelId} hidden={!expanded}>
                    <SubcategoryLinks category={category} onNavigate={onClose} variant="mobile" />
                  </div>
                </li>
              );
            })}
          </ul>
        ) : null}
        <ul className="mt-2 border-slate-200 border-t pt-2">
          {infoLinks.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                onClick={onClose}
                className="block rounded-md px-3 py-3 font-medium text-base text-slate-700 hover:bg-slate-50"
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
