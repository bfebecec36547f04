// The API reference at /api/docs: renders /api/openapi.json (generated from the contract) as one
// page. Plain DOM, no library: native <details> give each endpoint keyboard access and a state
// screen readers announce, and the page passes axe at phone and desktop widths.
(() => {
  const main = document.getElementById('reference');
  const status = document.getElementById('status');
  const filter = document.getElementById('filter');

  /** An element with text children or elements: no HTML is ever parsed from the document. */
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs ?? {})) if (value != null) node.setAttribute(key, value);
    for (const child of children.flat()) if (child != null) node.append(child);
    return node;
  }

  const anchorOf = (text) => text.replace(/[^A-Za-z0-9_.-]+/g, '-');
  const json = (value) => el('pre', { tabindex: '0' }, el('code', null, JSON.stringify(value, null, 2)));

  /** Who may call: the document's security requirements in words. */
  function access(operation, document) {
    const schemes = (operation.security ?? document.security ?? []).flatMap((s) => Object.keys(s));
    if (schemes.length === 0) return 'Anyone (no sign-in)';
    const known = document.components?.securitySchemes ?? {};
    return `Signed in: ${schemes.map((s) => known[s]?.description ?? s).join(', or ')}`;
  }

  function parameters(list) {
    if (!list?.length) return null;
    return el(
      'table',
      null,
      el('caption', null, 'Parameters'),
      el(
        'thead',
        null,
        el(
          'tr',
          null,
          ['Name', 'In', 'Required', 'Schema'].map((h) => el('th', { scope: 'col' }, h)),
        ),
      ),
      el(
        'tbody',
        null,
        list.map((p) =>
          el(
            'tr',
            null,
            el('td', null, el('code', null, p.name)),
            el('td', null, p.in),
            el('td', null, p.required ? 'yes' : 'no'),
            el('td', null, el('code', null, JSON.stringify(p.schema ?? {}))),
          ),
        ),
      ),
    );
  }

  function content(body) {
    return Object.entries(body?.content ?? {}).map(([type, media]) =>
      el('div', { class: 'media' }, el('p', null, el('code', null, type)), media.schema ? json(media.schema) : null),
    );
  }

  function operationBlock(path, method, operation, document) {
    const id = `op-${anchorOf(operation.operationId ?? `${method}-${path}`)}`;
    const responses = Object.entries(operation.responses ?? {});
    return el(
      'details',
      { class: 'operation', id, 'data-search': `${method} ${path} ${operation.summary ?? ''}`.toLowerCase() },
      el(
        'summary',
        null,
        el('span', { class: `method method-${method}` }, method.toUpperCase()),
        ' ',
        el('code', { class: 'path' }, path),
        ' ',
        el('span', { class: 'summary' }, operation.summary ?? ''),
      ),
      el(
        'div',
        { class: 'body' },
        operation.description ? el('p', null, operation.description) : null,
        el('p', null, el('strong', null, 'Access: '), access(operation, document)),
        parameters(operation.parameters),
        operation.requestBody ? el('h4', null, 'Request body') : null,
        content(operation.requestBody),
        el('h4', null, 'Answers'),
        el(
          'ul',
          { class: 'responses' },
          responses.map(([code, response]) =>
            el(
              'li',
              null,
              el('p', null, el('span', { class: `status status-${code[0]}` }, code), ' ', response.description),
              content(response),
            ),
          ),
        ),
      ),
    );
  }

  function render(document) {
    const byTag = new Map((document.tags ?? []).map((t) => [t.name, { tag: t, operations: [] }]));
    for (const [path, item] of Object.entries(document.paths ?? {}))
      for (const [method, operation] of Object.entries(item)) {
        if (!['get', 'put', 'post', 'delete', 'patch', 'head', 'options'].includes(method)) continue;
        const name = operation.tags?.[0] ?? 'other';
        if (!byTag.has(name)) byTag.set(name, { tag: { name }, operations: [] });
        byTag.get(name).operations.push(operationBlock(path, method, operation, document));
      }

    const title = document.info?.title ?? 'API';
    window.document.title = title;
    const header = el(
      'header',
      null,
      el('h1', null, title, ' ', el('span', { class: 'version' }, `version ${document.info?.version ?? ''}`)),
      document.info?.description ? el('p', null, document.info.description) : null,
      el('p', null, el('a', { href: '/api/openapi.json' }, 'The OpenAPI document (JSON)')),
    );
    const toc = el(
      'nav',
      { 'aria-label': 'Features' },
      el(
        'ul',
        null,
        [...byTag.values()].map(({ tag }) => el('li', null, el('a', { href: `#tag-${anchorOf(tag.name)}` }, tag.name))),
      ),
    );
    const sections = [...byTag.values()]
      .filter((t) => t.operations.length)
      .map(({ tag, operations }) =>
        el(
          'section',
          { id: `tag-${anchorOf(tag.name)}`, 'aria-labelledby': `h-${anchorOf(tag.name)}`, class: 'tag' },
          el('h2', { id: `h-${anchorOf(tag.name)}` }, tag.name),
          tag.description ? el('p', null, tag.description) : null,
          operations,
        ),
      );
    const schemas = Object.entries(document.components?.schemas ?? {});
    const schemaSection = schemas.length
      ? el(
          'section',
          { id: 'schemas', 'aria-labelledby': 'h-schemas', class: 'tag' },
          el('h2', { id: 'h-schemas' }, 'Shared schemas'),
          schemas.map(([name, schema]) =>
            el('div', { id: `schema-${anchorOf(name)}` }, el('h3', null, name), json(schema)),
          ),
        )
      : null;
    main.replaceChildren(header, toc, ...sections, schemaSection ?? '');
    status.textContent = '';
    filter.disabled = false;
    openFromHash();
  }

  /** A link to an endpoint (#op-bookmarks.create) opens it. */
  function openFromHash() {
    const target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (target instanceof HTMLDetailsElement) {
      target.open = true;
      target.scrollIntoView();
    }
  }

  filter.addEventListener('input', () => {
    const words = filter.value.toLowerCase().split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const op of main.querySelectorAll('details.operation')) {
      const match = words.every((w) => op.dataset.search.includes(w));
      op.hidden = !match;
      if (match) shown++;
    }
    for (const section of main.querySelectorAll('section.tag'))
      section.hidden = section.id !== 'schemas' && !section.querySelector('details.operation:not([hidden])');
    status.textContent = words.length ? `${shown} endpoint${shown === 1 ? '' : 's'} match` : '';
  });
  window.addEventListener('hashchange', openFromHash);

  fetch('/api/openapi.json')
    .then((res) => {
      if (!res.ok) throw new Error(`the server answered ${res.status}`);
      return res.json();
    })
    .then(render)
    .catch((err) => {
      status.textContent = `Could not load the API document: ${err.message}. Reload the page to try again.`;
    });
})();
