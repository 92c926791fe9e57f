/**
 * The schema's hover (what a key means, an enum's values) and the lint hover (the problem at that
 * place) would share one tooltip, stacked. One at a time: where a problem is underlined, only the
 * problem shows; a schema tooltip already open closes when a problem appears under it.
 * style.css hides a schema section that still meets a lint section in one tooltip.
 */
import type { EditorState, Extension } from '@codemirror/state';
import { forEachDiagnostic, setDiagnosticsEffect } from '@codemirror/lint';
import { hoverTooltip } from '@codemirror/view';
import { yamlSchemaHover } from 'codemirror-json-schema/yaml';

/** Whether the lint hover shows at `pos` (the test @codemirror/lint's own hover makes). */
export function problemAt(state: EditorState, pos: number, side: number): boolean {
  let found = false;
  forEachDiagnostic(state, (_d, from, to) => {
    if (pos >= from && pos <= to && (from === to || ((pos > from || side > 0) && (pos < to || side < 0)))) found = true;
  });
  return found;
}

export function schemaHover(): Extension {
  const source = yamlSchemaHover();
  return hoverTooltip(async (view, pos, side) => {
    if (problemAt(view.state, pos, side)) return null;
    const tip = await source(view, pos, side);
    // Problems may have arrived while the schema was looked up.
    return tip !== null && !problemAt(view.state, pos, side) ? tip : null;
  }, {
    hideOn: (tr, tip) => tr.effects.some((e) => e.is(setDiagnosticsEffect)) && (problemAt(tr.state, tip.pos, -1) || problemAt(tr.state, tip.pos, 1)),
  });
}
