'use client';

import { Molecule } from 'openchemlib';
import { useCallback, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { CanvasMoleculeEditor, type CanvasEditorOnChangeMolecule } from 'react-ocl';
import { readMolecule } from './structure-text';

export interface StructureEditorHandle {
  /** The drawing's canonical SMILES (openchemlib's isomeric SMILES); empty when nothing is drawn. */
  smiles(): string;
  /** Puts a pasted SMILES or MOL block into the editor (undoable); false when it cannot be read. */
  load(text: string): boolean;
}

interface Props {
  ref: Ref<StructureEditorHandle>;
  /** The structure the editor opens with (the current search's SMILES), or empty. */
  initial: string;
  labels: { editor: string; help: string; clear: string; undo: string };
}

/** A drawing as the editor keeps it: openchemlib's ID code with its coordinates, empty for none. */
function codeOf(molecule: Molecule | null): string {
  if (!molecule || molecule.getAllAtoms() === 0) return '';
  const { idCode, coordinates } = molecule.getIDCodeAndCoordinates();
  return `${idCode} ${coordinates}`;
}

/**
 * OpenChemLib's canvas editor (through react-ocl), loaded only when the structure tab opens: draw with
 * its toolbar, clear, undo. The editor keeps its own drawing; every change by the buyer is recorded, so
 * that undo (and clear, and loading a pasted structure, which undo takes back too) shows an earlier one,
 * by mounting the editor afresh with it.
 */
export default function StructureEditor({ ref, initial, labels }: Props) {
  const [shown, setShown] = useState(() => ({ code: codeOf(readMolecule(initial)), version: 0 }));
  const current = useRef(shown.code);
  const history = useRef<string[]>([]);
  const [canUndo, setCanUndo] = useState(false);

  const record = useCallback((next: string) => {
    if (next === current.current) return;
    history.current.push(current.current);
    current.current = next;
    setCanUndo(true);
  }, []);
  const show = useCallback((code: string) => setShown((s) => ({ code, version: s.version + 1 })), []);

  useImperativeHandle(ref, () => ({
    smiles: () => {
      if (!current.current) return '';
      const molecule = Molecule.fromIDCode(current.current);
      return molecule.getAllAtoms() > 0 ? molecule.toIsomericSmiles() : '';
    },
    load: (text: string) => {
      const code = codeOf(readMolecule(text));
      if (!code) return false;
      record(code);
      show(code);
      return true;
    },
  }), [record, show]);

  const onChange = useCallback((api: CanvasEditorOnChangeMolecule) => {
    const molecule = api.getMolecule();
    record(codeOf(molecule));
  }, [record]);

  function clear() {
    record('');
    show('');
  }

  function undo() {
    const previous = history.current.pop();
    if (previous === undefined) return;
    current.current = previous;
    setCanUndo(history.current.length > 0);
    show(previous);
  }

  return (
    <div className="flex min-w-0 flex-col gap-2">
      <div role="group" aria-label={labels.editor} aria-describedby="structure-editor-help" className="h-[380px] overflow-hidden rounded-md border border-line bg-white" data-testid="structure-editor">
        <CanvasMoleculeEditor key={shown.version} inputFormat="idcode" inputValue={shown.code} onChange={onChange} width="100%" height={380} />
      </div>
      <p id="structure-editor-help" className="text-xs text-muted">{labels.help}</p>
      <div className="flex gap-2">
        <button type="button" onClick={clear} className="h-9 rounded-md border border-line px-3 text-sm hover:border-brand-500" data-testid="structure-clear">{labels.clear}</button>
        <button type="button" onClick={undo} disabled={!canUndo} className="h-9 rounded-md border border-line px-3 text-sm hover:border-brand-500 disabled:opacity-50" data-testid="structure-undo">{labels.undo}</button>
      </div>
    </div>
  );
}
