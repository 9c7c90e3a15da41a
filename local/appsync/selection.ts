/** ctx.info.selectionSetList / selectionSetGraphQL for a field, as AppSync computes them. */
import { Kind, print, type FragmentDefinitionNode, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';

/** Paths of the selected fields ("a", "a/b"), aliases by their alias, fragments expanded. */
export function selectionSetList(info: GraphQLResolveInfo): string[] {
  const out: string[] = [];
  const walk = (set: SelectionSetNode | undefined, prefix: string, seen: Set<string>) => {
    for (const sel of set?.selections ?? []) {
      if (sel.kind === Kind.FIELD) {
        if (sel.name.value === '__typename') continue;
        const name = prefix + (sel.alias?.value ?? sel.name.value);
        if (!out.includes(name)) out.push(name);
        walk(sel.selectionSet, `${name}/`, seen);
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        walk(sel.selectionSet, prefix, seen);
      } else if (sel.kind === Kind.FRAGMENT_SPREAD && !seen.has(sel.name.value)) {
        const frag = info.fragments[sel.name.value] as FragmentDefinitionNode | undefined;
        walk(frag?.selectionSet, prefix, new Set([...seen, sel.name.value]));
      }
    }
  };
  for (const node of info.fieldNodes) walk(node.selectionSet, '', new Set());
  return out;
}

export function selectionSetGraphQL(info: GraphQLResolveInfo): string {
  const set = info.fieldNodes[0]?.selectionSet;
  return set ? print(set) : '';
}

/** Top-level field names (not aliases) the operation selected on this field. */
export function selectedFieldNames(info: GraphQLResolveInfo): string[] {
  const names = new Set<string>();
  const walk = (set: SelectionSetNode | undefined, seen: Set<string>) => {
    for (const sel of set?.selections ?? []) {
      if (sel.kind === Kind.FIELD) names.add(sel.name.value);
      else if (sel.kind === Kind.INLINE_FRAGMENT) walk(sel.selectionSet, seen);
      else if (sel.kind === Kind.FRAGMENT_SPREAD && !seen.has(sel.name.value)) walk(info.fragments[sel.name.value]?.selectionSet, new Set([...seen, sel.name.value]));
    }
  };
  for (const node of info.fieldNodes) walk(node.selectionSet, new Set());
  return [...names];
}
