// "How to play": one short panel per genre, opened by itself on the first visit to that genre and
// by the `?` button (or the ? key) after. A genre module's `rules` is either a string (arcade
// genres) or {lines: [sentences], example: () => a small picture (an Element)}.

import { h } from './dom.js';

const seenKey = (genre) => `dayseed:rules-seen:${genre}`;

function seen(genre) {
  try {
    return localStorage.getItem(seenKey(genre)) === '1';
  } catch {
    return false;
  }
}

function markSeen(genre) {
  try {
    localStorage.setItem(seenKey(genre), '1');
  } catch {
    // not remembered: the panel opens again next time, which is harmless
  }
}

/** The rules overlay of one genre. Put `element` into the page once. */
export class RulesPanel {
  constructor(genre, label, rules) {
    this.genre = genre;
    const lines = typeof rules === 'string' ? [rules] : rules?.lines ?? [];
    const example = typeof rules === 'object' && rules?.example ? rules.example() : null;
    this.closeBtn = h('button', { type: 'button', class: 'btn primary', onclick: () => this.close() }, 'Got it');
    const titleId = `rules-title-${genre}`;
    this.dialog = h('div', {
      class: 'rules', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': titleId, 'data-testid': 'rules',
    },
    h('h2', { id: titleId }, `How to play ${label}`),
    lines.length > 0
      ? h('ul', { class: 'rules-lines' }, lines.map((line) => h('li', {}, line)))
      : h('p', {}, 'Rules for this genre are not written yet.'),
    example ? h('figure', { class: 'rules-example' }, example.picture, h('figcaption', {}, example.caption)) : null,
    h('div', { class: 'rules-actions' }, this.closeBtn));
    this.element = h('div', {
      class: 'rules-cover', hidden: true,
      onclick: (e) => { if (e.target === this.element) this.close(); },
    }, this.dialog);
  }

  isOpen() {
    return !this.element.hidden;
  }

  open() {
    this.returnFocus = document.activeElement;
    this.element.hidden = false;
    this.closeBtn.focus({ preventScroll: true });
  }

  close() {
    if (this.element.hidden) return;
    this.element.hidden = true;
    markSeen(this.genre);
    if (this.returnFocus instanceof HTMLElement || this.returnFocus instanceof SVGElement) {
      this.returnFocus.focus?.({ preventScroll: true });
    }
  }

  /** Opens the panel if this browser has never closed it for this genre. */
  openOnFirstVisit() {
    if (!seen(this.genre)) this.open();
  }
}
