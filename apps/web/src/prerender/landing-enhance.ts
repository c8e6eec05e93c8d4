/**
 * The prerendered landing page's few interactions, in plain DOM code so the page ships no React
 * (docs/decisions.md, "Web performance"): the FAQ accordions open and close, the contact form's
 * fields show MUI's focus state, its message box grows with the text, and
 * sending the form thanks the visitor without sending anything (SPEC.md §1), as the React page does.
 * Everything else on the page (links, anchors) works without any script. The language links (issue
 * 20) save the choice on the device (local storage and the cookie the server picks the page's file
 * by) and reload; without a script they ask the server to keep it (`/?lang=`).
 */
import { isLanguageChoice, saveLanguageChoice } from '@/lib/language';

const EXPANDED = 'Mui-expanded';

function afterTransition(element: HTMLElement, done: () => void) {
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    element.removeEventListener('transitionend', finish);
    done();
  };
  element.addEventListener('transitionend', finish);
  // No transition runs when motion is reduced or nothing changed height.
  window.setTimeout(finish, 500);
}

function toggleAccordion(summary: HTMLElement) {
  const accordion = summary.closest<HTMLElement>('.MuiAccordion-root');
  const collapse = accordion?.querySelector<HTMLElement>('.MuiCollapse-root');
  const wrapper = collapse?.querySelector<HTMLElement>('.MuiCollapse-wrapper');
  if (!accordion || !collapse || !wrapper) return;
  const expand = summary.getAttribute('aria-expanded') !== 'true';
  summary.setAttribute('aria-expanded', String(expand));
  for (const element of [
    accordion,
    summary,
    ...summary.querySelectorAll<HTMLElement>('.MuiAccordionSummary-content, .MuiAccordionSummary-expandIconWrapper'),
  ]) {
    element.classList.toggle(EXPANDED, expand);
  }
  if (expand) {
    collapse.classList.remove('MuiCollapse-hidden');
    collapse.style.visibility = 'visible';
    collapse.style.height = `${wrapper.offsetHeight}px`;
    afterTransition(collapse, () => {
      if (summary.getAttribute('aria-expanded') !== 'true') return;
      collapse.classList.add('MuiCollapse-entered');
      collapse.style.height = 'auto';
      collapse.style.overflow = 'visible';
    });
  } else {
    collapse.classList.remove('MuiCollapse-entered');
    collapse.style.overflow = '';
    collapse.style.height = `${wrapper.offsetHeight}px`;
    void collapse.offsetHeight; // Start the transition from the current height.
    collapse.style.height = '0px';
    afterTransition(collapse, () => {
      if (summary.getAttribute('aria-expanded') === 'true') return;
      collapse.classList.add('MuiCollapse-hidden');
      collapse.style.visibility = '';
    });
  }
}

/** Grows the message box with its text as MUI's TextareaAutosize does; CSS keeps its minimum rows. */
function autosize(textarea: HTMLTextAreaElement) {
  textarea.style.overflow = 'hidden';
  textarea.style.height = '0px';
  textarea.style.height = `${textarea.scrollHeight}px`;
}

const FOCUSED = 'Mui-focused';

/** MUI's focus state on the field holding the focus (label and outline in the primary colour). */
function paintFocus(form: HTMLFormElement) {
  for (const field of form.querySelectorAll<HTMLElement>('.MuiFormControl-root')) {
    const focused = field.contains(document.activeElement);
    for (const part of field.querySelectorAll('label, .MuiInputBase-root')) part.classList.toggle(FOCUSED, focused);
  }
}

function enhanceContactForm(form: HTMLFormElement) {
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const thanks = document.getElementById('contact-thanks');
  const message = form.querySelector<HTMLTextAreaElement>('textarea:not([aria-hidden])');
  let shown: Element | null = null;

  form.addEventListener('focusin', () => paintFocus(form));
  form.addEventListener('focusout', () => window.setTimeout(() => paintFocus(form)));
  form.addEventListener('input', () => {
    if (message) autosize(message);
    shown?.remove();
    shown = null;
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    form.reset();
    if (message) autosize(message);
    if (!shown && submit && thanks instanceof HTMLTemplateElement) {
      shown = thanks.content.firstElementChild?.cloneNode(true) as Element | null;
      if (shown) submit.before(shown);
    }
  });
}

for (const summary of document.querySelectorAll<HTMLElement>('.MuiAccordionSummary-root')) {
  summary.addEventListener('click', () => toggleAccordion(summary));
}
const contactForm = document.querySelector<HTMLFormElement>('#contact form');
if (contactForm) enhanceContactForm(contactForm);

for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-language]')) {
  link.addEventListener('click', (event) => {
    const language = link.dataset.language;
    if (!isLanguageChoice(language)) return;
    event.preventDefault();
    saveLanguageChoice(language);
    if (language !== document.documentElement.lang) window.location.reload();
  });
}
