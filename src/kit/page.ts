/**
 * What a dashboard page renders: its title (the `<h1>` and the window's), the section of the
 * navigation it belongs to (`overview`, `sessions`, or a report face's `section`), and its content
 * as markup, every text in it escaped.
 */
export interface Page {
  title: string;
  section: string;
  main: string[];
  /** Code for the one inline script the page runs, when it has one (the live transcript). */
  script?: string;
  status?: number;
}
