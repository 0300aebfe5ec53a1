// What the page has that no module of this site defines, for `tsc --checkJs` (make lint):
// Material for MkDocs's document$, which announces every page (instant navigation included).
declare var document$: { subscribe(next: (document: Document) => void): unknown } | undefined;
