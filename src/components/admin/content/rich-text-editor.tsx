'use client';

import {
  BoldOutlined, DisconnectOutlined, ItalicOutlined, LinkOutlined, OrderedListOutlined, PictureOutlined, RedoOutlined, StrikethroughOutlined,
  UnderlineOutlined, UndoOutlined, UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, mergeAttributes, Node, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { App, Button, Tooltip } from 'antd';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { apiRequest, multipart } from '@/lib/api/client';

/**
 * A block image: the only attributes kept are those the server's sanitiser keeps (src, alt, title).
 * Written here because the pinned packages (@tiptap/react, starter-kit, pm) carry no image extension.
 */
const ImageNode = Node.create({
  name: 'image',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return { src: { default: null }, alt: { default: null }, title: { default: null } };
  },
  parseHTML() {
    return [{ tag: 'img[src]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['img', mergeAttributes(HTMLAttributes)];
  },
});

/** Sends an image as multipart; answers its URL or throws the server's message (415, 413 in the caller's language). */
async function uploadImage(file: File): Promise<string> {
  return (await apiRequest('post', '/api/admin/content/images', { body: { file }, ...multipart })).url;
}

/** http(s), mailto and tel links, or a path of this site: what the sanitiser keeps. */
function acceptableLink(href: string): boolean {
  return /^(https?:\/\/|mailto:|tel:)/i.test(href) || /^\/(?![/\\])/.test(href);
}

/**
 * The rich-text editor of article bodies (Tiptap), as an antd form control (`value`, `onChange`: HTML).
 * What it produces is sanitised by the server when saved and again when shown; the toolbar only offers
 * what the sanitiser keeps (headings 2–4, lists, quotes, links, images).
 */
export function RichTextEditor({ value, onChange, label, testId }: { value?: string; onChange?: (html: string) => void; label: string; testId?: string }) {
  const t = useTranslations('adminContent');
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        code: false,
        codeBlock: false,
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto', 'tel'], defaultProtocol: 'https' },
      }),
      ImageNode,
    ],
    content: value ?? '',
    editorProps: { attributes: { class: 'rich-text min-h-48 px-3 py-2 outline-none', 'aria-label': label, 'aria-multiline': 'true', role: 'textbox' } },
    onUpdate: ({ editor: e }) => onChangeRef.current?.(e.isEmpty ? '' : e.getHTML()),
  });

  // A value set from outside (the form opened on another item) replaces the content.
  useEffect(() => {
    if (!editor) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if ((value ?? '') !== current) editor.commands.setContent(value ?? '', { emitUpdate: false });
  }, [editor, value]);

  async function insertImages(files: FileList | null) {
    if (!editor || !files?.length) return;
    setUploading(true);
    try {
      for (const file of Array.from(files)) {
        const src = await uploadImage(file);
        editor.chain().focus().insertContent({ type: 'image', attrs: { src, alt: file.name.replace(/\.[^.]+$/, '') } }).run();
      }
    } catch (e) {
      void message.error(e instanceof Error ? e.message : String(e));
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  function setLink() {
    if (!editor) return;
    const previous = (editor.getAttributes('link').href as string | undefined) ?? '';
    const href = window.prompt(t('linkPrompt'), previous);
    if (href === null) return;
    if (href.trim() === '') {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      return;
    }
    if (!acceptableLink(href.trim())) {
      void message.error(t('linkInvalid'));
      return;
    }
    editor.chain().focus().extendMarkRange('link').setLink({ href: href.trim() }).run();
  }

  return (
    <div className="rounded border border-slate-300 bg-white focus-within:border-blue-500" data-testid={testId}>
      {editor && <Toolbar editor={editor} onLink={setLink} onImage={() => fileInput.current?.click()} uploading={uploading} />}
      <input ref={fileInput} type="file" accept="image/png,image/jpeg,image/webp" multiple hidden data-testid={testId ? `${testId}-file` : undefined}
        onChange={(e) => { void insertImages(e.target.files); }} />
      <EditorContent editor={editor} className="max-h-[60vh] overflow-y-auto" />
    </div>
  );
}

function Toolbar({ editor, onLink, onImage, uploading }: { editor: Editor; onLink: () => void; onImage: () => void; uploading: boolean }) {
  const t = useTranslations('adminContent');
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'), italic: e.isActive('italic'), underline: e.isActive('underline'), strike: e.isActive('strike'),
      h2: e.isActive('heading', { level: 2 }), h3: e.isActive('heading', { level: 3 }), bullet: e.isActive('bulletList'), ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'), link: e.isActive('link'), undo: e.can().undo(), redo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const tool = (key: string, title: string, icon: ReactNode, active: boolean, run: () => void, disabled = false) => (
    <Tooltip key={key} title={title}>
      <Button size="small" type={active ? 'primary' : 'text'} icon={icon} aria-label={title} aria-pressed={active} disabled={disabled}
        onMouseDown={(e) => e.preventDefault()} onClick={run} />
    </Tooltip>
  );
  return (
    <div className="flex flex-wrap gap-1 border-b border-slate-200 bg-slate-50 p-1" role="toolbar" aria-label={t('toolbar')}>
      {tool('bold', t('bold'), <BoldOutlined />, state.bold, () => chain().toggleBold().run())}
      {tool('italic', t('italic'), <ItalicOutlined />, state.italic, () => chain().toggleItalic().run())}
      {tool('underline', t('underline'), <UnderlineOutlined />, state.underline, () => chain().toggleUnderline().run())}
      {tool('strike', t('strike'), <StrikethroughOutlined />, state.strike, () => chain().toggleStrike().run())}
      {tool('h2', t('heading2'), <span className="text-xs font-bold">H2</span>, state.h2, () => chain().toggleHeading({ level: 2 }).run())}
      {tool('h3', t('heading3'), <span className="text-xs font-bold">H3</span>, state.h3, () => chain().toggleHeading({ level: 3 }).run())}
      {tool('bullet', t('bulletList'), <UnorderedListOutlined />, state.bullet, () => chain().toggleBulletList().run())}
      {tool('ordered', t('orderedList'), <OrderedListOutlined />, state.ordered, () => chain().toggleOrderedList().run())}
      {tool('quote', t('quote'), <span className="text-sm font-bold">“</span>, state.quote, () => chain().toggleBlockquote().run())}
      {tool('link', t('link'), <LinkOutlined />, state.link, onLink)}
      {tool('unlink', t('unlink'), <DisconnectOutlined />, false, () => chain().extendMarkRange('link').unsetLink().run(), !state.link)}
      <Tooltip title={t('image')}>
        <Button size="small" type="text" icon={<PictureOutlined />} aria-label={t('image')} loading={uploading} onClick={onImage} />
      </Tooltip>
      {tool('undo', t('undo'), <UndoOutlined />, false, () => chain().undo().run(), !state.undo)}
      {tool('redo', t('redo'), <RedoOutlined />, false, () => chain().redo().run(), !state.redo)}
    </div>
  );
}
