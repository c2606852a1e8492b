// Room options: form fields built from a game's option schema (GET /api/games), and back.
import { label } from "./i18n.js";

let helpCount = 0;

/** A form field for one option of a game's schema; `value` overrides the default. */
export function optionField(option, value = option.default) {
  const wrap = document.createElement("label");
  wrap.textContent = `${label(option.label)} `;
  let input;
  if (option.type === "bool") {
    wrap.className = "check";
    input = document.createElement("input");
    input.type = "checkbox";
    input.checked = Boolean(value);
  } else if (option.type === "choice") {
    input = document.createElement("select");
    for (const choice of option.choices) {
      const item = document.createElement("option");
      item.value = choice;
      item.textContent = label(option.choice_labels?.[choice]) || choice;
      item.selected = choice === value;
      input.append(item);
    }
  } else {
    input = document.createElement("input");
    input.type = "number";
    input.value = value;
    if (option.minimum !== undefined) input.min = option.minimum;
    if (option.maximum !== undefined) input.max = option.maximum;
  }
  input.name = option.name;
  input.dataset.kind = option.type;
  wrap.dataset.option = option.name;
  wrap.append(input);
  if (!option.help) return wrap;
  // The help is shown under the field (not only as a tooltip) and read with it.
  const help = document.createElement("small");
  help.className = "hint option-help";
  help.id = `help-${option.name}-${(helpCount += 1)}`;
  help.textContent = label(option.help);
  input.setAttribute("aria-describedby", help.id);
  wrap.append(help);
  return wrap;
}

/** The options a container's fields hold, typed as the schema says. */
export function readOptions(container) {
  const options = {};
  for (const input of container.querySelectorAll("[data-kind]")) {
    if (input.dataset.kind === "bool") options[input.name] = input.checked;
    else if (input.dataset.kind === "int") options[input.name] = Number(input.value);
    else options[input.name] = input.value;
  }
  return options;
}
