import { Box } from '@mui/material';
import { useEffect, useRef } from 'react';
import ReactQuill from 'react-quill-new';
import 'react-quill-new/dist/quill.snow.css';

export interface DescriptionEditorProps {
  value: string;
  /** The HTML to send, the plain text the length rule counts, and whether the user made the change. */
  onChange: (html: string, text: string, byUser: boolean) => void;
  /** Ids of the count and the error, read out with the field. */
  describedBy: string;
  invalid: boolean;
  disabled?: boolean;
  /** The editable area's accessible name: the advert's description, a post's content. */
  label?: string;
}

// The spec's toolbar: headings 1 to 3 and a few inline formats. `formats` also strips anything else
// from pasted text, so the server's sanitiser sees only what the toolbar can make.
const modules = {
  toolbar: [
    [{ header: [1, 2, 3, false] }],
    ['bold', 'italic', 'underline'],
    [{ list: 'ordered' }, { list: 'bullet' }],
    ['link'],
    ['clean'],
  ],
  // Tab inserting a tab character would trap keyboard users in the editor: let it move the focus on.
  keyboard: {
    bindings: {
      tab: null,
      'remove tab': null,
      indent: null,
      outdent: null,
      'indent code-block': null,
      'outdent code-block': null,
    },
  },
};
const formats = ['header', 'bold', 'italic', 'underline', 'list', 'link'];
const controlNames = [
  ['.ql-header .ql-picker-label', 'Text style'],
  ['.ql-header .ql-picker-item[data-value="1"]', 'Heading 1'],
  ['.ql-header .ql-picker-item[data-value="2"]', 'Heading 2'],
  ['.ql-header .ql-picker-item[data-value="3"]', 'Heading 3'],
  ['.ql-header .ql-picker-item:not([data-value])', 'Normal text'],
  ['button.ql-bold', 'Bold'],
  ['button.ql-italic', 'Italic'],
  ['button.ql-underline', 'Underline'],
  ['button.ql-list[value="ordered"]', 'Numbered list'],
  ['button.ql-list[value="bullet"]', 'Bulleted list'],
  ['button.ql-link', 'Link'],
  ['button.ql-clean', 'Clear formatting'],
] as const;

/**
 * The rich-text editor of advert descriptions and promo posts; its own chunk, so that only an opened
 * form loads Quill.
 */
export function DescriptionEditor(props: DescriptionEditorProps) {
  const { value, onChange, describedBy, invalid, disabled, label = 'Description' } = props;
  const quill = useRef<ReactQuill>(null);

  // Quill's own controls have no names a screen reader could read out (or lower-case format names).
  useEffect(() => {
    const editor = quill.current?.getEditor();
    const toolbar = (editor?.getModule('toolbar') as { container?: HTMLElement } | undefined)?.container;
    if (!editor || !toolbar) return;
    for (const [selector, name] of controlNames) {
      toolbar.querySelectorAll(selector).forEach((el) => el.setAttribute('aria-label', name));
    }
    editor.container.querySelector('.ql-tooltip input')?.setAttribute('aria-label', 'Link address');
  }, []);

  // Quill builds its own editable element; it gets the field's name and state here.
  useEffect(() => {
    const root = quill.current?.getEditor().root;
    if (!root) return;
    root.setAttribute('role', 'textbox');
    root.setAttribute('aria-multiline', 'true');
    root.setAttribute('aria-label', label);
    root.setAttribute('aria-describedby', describedBy);
    root.setAttribute('aria-invalid', String(invalid));
  }, [describedBy, invalid, label]);

  return (
    <Box
      sx={{
        '& .ql-toolbar, & .ql-container': { borderColor: invalid ? 'error.main' : 'divider' },
        '& .ql-container': { fontSize: '1rem', fontFamily: 'inherit' },
        '& .ql-editor': { minHeight: 180 },
        '& .ql-editor:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
      }}
    >
      <ReactQuill
        ref={quill}
        theme="snow"
        value={value}
        modules={modules}
        formats={formats}
        readOnly={disabled}
        onChange={(html, _delta, source, editor) => onChange(html, editor.getText(), source === 'user')}
      />
    </Box>
  );
}
