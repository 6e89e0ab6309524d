export default { symbol: "¥", code: "CNY" };
