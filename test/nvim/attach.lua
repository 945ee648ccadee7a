-- Neovim's own LSP client attaches to `agent-lint lsp --stdio` and writes the diagnostics it
-- reads for one file as JSON (test/nvim.test.ts). Works with Neovim 0.7 (Debian 12) and later.
local launcher = vim.env.AGENT_LINT_LAUNCHER
local root = vim.env.AGENT_LINT_ROOT
local file = vim.env.AGENT_LINT_FILE
local out = vim.env.AGENT_LINT_OUT

local function finish(lines)
  vim.fn.writefile(lines, out)
  vim.cmd('qa!')
end

local client_id = vim.lsp.start_client({
  name = 'agent-lint',
  cmd = { 'node', launcher, 'lsp', '--stdio' },
  root_dir = root,
})
if not client_id then
  finish({ 'error: the client did not start' })
  return
end

vim.cmd('edit ' .. vim.fn.fnameescape(file))
local buf = vim.api.nvim_get_current_buf()
vim.lsp.buf_attach_client(buf, client_id)

local ok = vim.wait(15000, function()
  return #vim.diagnostic.get(buf) > 0
end, 20)
if not ok then
  finish({ 'error: no diagnostics within 15 s' })
  return
end

local lines = {}
for _, d in ipairs(vim.diagnostic.get(buf)) do
  local lsp = (d.user_data and d.user_data.lsp) or {}
  table.insert(lines, vim.fn.json_encode({
    lnum = d.lnum,
    col = d.col,
    end_lnum = d.end_lnum,
    end_col = d.end_col,
    severity = d.severity,
    source = d.source,
    code = d.code or lsp.code,
    message = d.message,
  }))
end
vim.lsp.stop_client(client_id)
vim.wait(2000, function()
  return vim.lsp.get_client_by_id(client_id) == nil
end, 20)
finish(lines)
