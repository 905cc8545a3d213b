// The file the harness writes and the baseline server reads: Funil's statements per scenario and
// its session check, as captured, with what varies between the captured request and a live one.
import { writeFileSync } from 'node:fs';
import type { Recipe } from './capture';
import type { SessionStatement } from './session-check';

export type BaselineRecipes = {
  session: SessionStatement;
  /** The user-agent the captured requests sent (a session row keeps it). */
  userAgent: string;
  recipes: { recipe: Recipe; authenticated: boolean }[];
};

export function writeRecipes(path: string, recipes: BaselineRecipes): void {
  writeFileSync(path, `${JSON.stringify(recipes, null, 1)}\n`);
}
