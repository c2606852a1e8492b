// A room's chat list: lines as they come, removed lines, and each line's report, delete
// and mute tools (report: anyone but the author; delete and mute: the host or an admin).
import { api } from "./api.js";
import { t } from "./i18n.js";

export function roomChat({ list, roomId, code, userId, isModerator, hostId, showError, hiddenAuthors }) {
  function add(message) {
    if (message.user_id && hiddenAuthors?.has(message.user_id)) return; // blocked by this account
    const item = document.createElement("li");
    item.dataset.id = message.id;
    const name = document.createElement("b");
    name.textContent = `${message.name}: `;
    if (message.bot) name.prepend(botBadge());
    item.append(name, chatText(message));
    if (userId && message.user_id && !message.system && !message.deleted) {
      item.append(chatTools(message));
    }
    list.append(item);
    list.scrollTop = list.scrollHeight;
  }

  function chatText(message) {
    if (!message.deleted) return document.createTextNode(message.text);
    const removed = document.createElement("i");
    removed.className = "hint";
    removed.textContent = t("moderation.removed");
    return removed;
  }

  // Report (anyone but the author); delete and mute (the host or an admin).
  function chatTools(message) {
    const tools = document.createElement("span");
    tools.className = "chat-tools";
    const query = code ? `?code=${encodeURIComponent(code)}` : "";
    const base = `/api/rooms/${roomId}`;
    const tool = (text, testid, onClick) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "link";
      b.textContent = text;
      b.dataset.testid = testid;
      b.addEventListener("click", async () => {
        try {
          await onClick(b);
        } catch (error) {
          showError(error.message);
        }
      });
      tools.append(" ", b);
    };
    if (message.user_id !== userId) {
      tool(t("moderation.report"), "chat-report", async (b) => {
        await api("POST", `${base}/chat/${message.id}/report${query}`, {});
        b.textContent = t("moderation.reported");
        b.disabled = true;
      });
    }
    if (isModerator()) {
      tool(t("moderation.delete"), "chat-delete", () => api("POST", `${base}/chat/${message.id}/delete`, {}));
      if (message.user_id !== hostId()) {
        tool(t("moderation.mute"), "chat-mute", async (b) => {
          await api("POST", `${base}/mute`, { user_id: message.user_id });
          b.textContent = t("moderation.muted");
          b.disabled = true;
        });
      }
    }
    return tools;
  }

  function remove(id) {
    const item = list.querySelector(`li[data-id="${id}"]`);
    if (!item) return;
    const name = item.querySelector("b");
    item.replaceChildren(name, chatText({ deleted: true }));
  }

  return { add, remove };
}

// A bot account's name carries BOT wherever it shows (issue 37): seats and chat lines.
export function botBadge() {
  const badge = document.createElement("span");
  badge.className = "badge bot";
  badge.textContent = "BOT";
  badge.title = t("profile.bot_hint");
  badge.dataset.testid = "bot-badge";
  return badge;
}
