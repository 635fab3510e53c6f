// config.json: JSON parsing with line numbers and the model_type -> family
// dispatch (field access: hf_fields.cc).
#include "trainflops/hf_config.h"

#include <algorithm>
#include <cmath>

#include "core/text.h"
#include "hf_fields.h"
#include "hf_spans.h"
#include "llm_internal.h"
#include "trainflops/input_limits.h"

namespace trainflops {

namespace {

using llm::HfFields;
using nlohmann::json;

using Family = llm::FamilyRow;

// The families of hf_families.cc and hf_decoders.cc, then the recent ones
// (hf_recent.cc, hf_moe.cc, hf_ssm.cc, hf_multimodal.cc).
const std::vector<Family>& Families() {
  static const std::vector<Family> families = [] {
    std::vector<Family> all = {
        {"gpt2", "GPT-2", llm::BuildGpt2,
         "modeling_gpt2.py: wte, learned wpe, per block 2 LayerNorms, c_attn, c_proj, c_fc, c_proj "
         "with biases; ln_f; head tied"},
        {"gpt_neox", "GPT-NeoX / Pythia", llm::BuildGptNeox,
         "modeling_gpt_neox.py: embed_in, per block 2 LayerNorms, query_key_value, dense, MLP with "
         "biases; final_layer_norm; embed_out"},
        {"bert", "BERT", llm::BuildBert,
         "modeling_bert.py (BertModel): word, position and token-type embeddings, LayerNorm; per "
         "layer Q, K, V, O, MLP with biases, 2 LayerNorms; pooler"},
        {"t5", "T5 (encoder-decoder)", llm::BuildT5,
         "modeling_t5.py: shared embedding; encoder and decoder blocks (cross-attention in the "
         "decoder), scale-only norms, relative-position biases in the first block of each stack"},
        {"llama", "Llama 1/2/3", llm::BuildLlamaLike,
         "modeling_llama.py: q/k/v/o (GQA), gated MLP (gate, up, down), 2 RMSNorms per layer, "
         "final norm, head unless tied; Qwen2: q, k, v biases"},
        {"mistral", "Mistral", llm::BuildLlamaLike,
         "modeling_llama.py: q/k/v/o (GQA), gated MLP (gate, up, down), 2 RMSNorms per layer, "
         "final norm, head unless tied; Qwen2: q, k, v biases"},
        {"qwen2", "Qwen2", llm::BuildLlamaLike,
         "modeling_llama.py: q/k/v/o (GQA), gated MLP (gate, up, down), 2 RMSNorms per layer, "
         "final norm, head unless tied; Qwen2: q, k, v biases"},
        {"gemma", "Gemma", llm::BuildLlamaLike,
         "modeling_llama.py: q/k/v/o (GQA), gated MLP (gate, up, down), 2 RMSNorms per layer, "
         "final norm, head unless tied; Qwen2: q, k, v biases"},
        {"phi3", "Phi-3", llm::BuildLlamaLike,
         "modeling_llama.py: q/k/v/o (GQA), gated MLP (gate, up, down), 2 RMSNorms per layer, "
         "final norm, head unless tied; Qwen2: q, k, v biases"},
        {"mixtral", "Mixtral (mixture of experts)", llm::BuildMoe,
         "modeling_mixtral.py: Llama attention; every layer num_local_experts SwiGLU experts and a "
         "router d x experts"},
        {"qwen2_moe", "Qwen2-MoE (mixture of experts)", llm::BuildMoe,
         "modeling_qwen2_moe.py / modeling_qwen3_moe.py: routed experts of moe_intermediate_size, "
         "router, (Qwen2-MoE) a gated shared expert; dense layers by decoder_sparse_step and "
         "mlp_only_layers; Qwen3-MoE: q_norm and k_norm of head_dim"},
        {"qwen3_moe", "Qwen3-MoE (mixture of experts)", llm::BuildMoe,
         "modeling_qwen2_moe.py / modeling_qwen3_moe.py: routed experts of moe_intermediate_size, "
         "router, (Qwen2-MoE) a gated shared expert; dense layers by decoder_sparse_step and "
         "mlp_only_layers; Qwen3-MoE: q_norm and k_norm of head_dim"},
        {"falcon", "Falcon", llm::BuildFalcon,
         "modeling_falcon.py: fused query_key_value, dense, 4h MLP, biases when bias; 1 or 2 "
         "LayerNorms per block; head tied"},
        {"RefinedWebModel", "Falcon (RefinedWebModel)", llm::BuildFalcon,
         "modeling_falcon.py: fused query_key_value, dense, 4h MLP, biases when bias; 1 or 2 "
         "LayerNorms per block; head tied"},
        {"RefinedWeb", "Falcon (RefinedWeb)", llm::BuildFalcon,
         "modeling_falcon.py: fused query_key_value, dense, 4h MLP, biases when bias; 1 or 2 "
         "LayerNorms per block; head tied"},
        {"deepseek_v2", "DeepSeek-V2 (MLA + MoE)", llm::BuildDeepSeek,
         "modeling_deepseek_v3.py: multi-head latent attention, first_k_dense_replace dense "
         "layers, routed and shared experts, router (and V3 correction bias)"},
        {"deepseek_v3", "DeepSeek-V3 (MLA + MoE)", llm::BuildDeepSeek,
         "modeling_deepseek_v3.py: multi-head latent attention, first_k_dense_replace dense "
         "layers, routed and shared experts, router (and V3 correction bias)"},
        // Kimi K2 is DeepSeek-V3's architecture (its config names DeepseekV3ForCausalLM and
        // Moonshot's remote modeling_deepseek.py) under its own model_type.
        {"kimi_k2", "Kimi K2 (DeepSeek-V3 architecture: MLA + MoE)", llm::BuildDeepSeek,
         "Moonshot's modeling_deepseek.py (remote code, DeepSeek-V3's modeling_deepseek_v3.py): "
         "multi-head latent attention, first_k_dense_replace dense layers, routed and shared "
         "experts, router and its e_score_correction_bias (topk_method noaux_tc)"},
    };
    for (const auto* more :
         {&llm::RecentFamilies(), &llm::MoeFamilies(), &llm::SsmFamilies(),
          &llm::MultimodalFamilies(), &llm::TableFamilies(), &llm::HybridFamilies()}) {
      all.insert(all.end(), more->begin(), more->end());
    }
    return all;
  }();
  return families;
}

}  // namespace

const llm::FamilyRow* llm::FindFamilyRow(const std::string& model_type) {
  for (const Family& f : Families()) {
    if (model_type == f.model_type) return &f;
  }
  return nullptr;
}

namespace {

const Family* FindFamily(const std::string& model_type) { return llm::FindFamilyRow(model_type); }

std::vector<std::string> Quoted(const std::vector<std::string>& names) {
  std::vector<std::string> out;
  for (const std::string& n : names) out.push_back("'" + n + "'");
  return out;
}

std::string KnownTypes() { return "; known model types: " + JoinNames(SupportedModelTypes()); }

// An unknown model_type: refused when a field suggests a structure the
// generic decoder does not have; a mixture of experts when MoE fields are
// present; else the generic Llama-style decoder. Each says so.
Status BuildUnknown(const json& config, HfFields& fields, HfModel& out) {
  out.fallback = true;
  if (out.model_type.empty()) out.model_type = "(none)";
  const std::string type = "model_type '" + out.model_type + "'";
  const std::vector<std::string> structural = llm::StructuralKeys(config);
  if (!structural.empty()) {
    return Status::InvalidArgument(
        out.file + ": " + type + " is not a known family, and its config has field(s) " +
        JoinNames(Quoted(structural)) +
        " that describe a structure other than a decoder of attention and MLP blocks "
        "(state-space layers, an encoder-decoder, nested sub-models or latent attention): "
        "refusing to count it as a generic decoder" +
        KnownTypes() + DidYouMean(out.model_type, SupportedModelTypes()));
  }
  const std::vector<std::string> moe = llm::MoeKeys(config);
  out.family =
      moe.empty() ? "generic decoder (Llama-style)" : "generic mixture of experts (Llama-style)";
  out.rule = moe.empty() ? "modeling_llama.py shapes (q/k/v/o, gated MLP, 2 RMSNorms per layer)"
                         : "modeling_mixtral.py shapes with the experts, top-k, expert width, "
                           "shared experts and dense layers taken from the fields present";
  Status built = moe.empty() ? llm::BuildLlamaLike(fields, out) : llm::BuildGenericMoe(fields, out);
  if (!built.ok()) {
    return Status::InvalidArgument(built.message() + KnownTypes() +
                                   DidYouMean(out.model_type, SupportedModelTypes()));
  }
  const std::string what =
      moe.empty()
          ? "a generic Llama-style decoder (gated MLP of three matrices, RMSNorm, no "
            "biases unless attention_bias/mlp_bias)"
          : "a generic mixture of experts, because of its field(s) " + JoinNames(Quoted(moe)) +
                " (Llama-style attention, SwiGLU experts, a router d x experts)";
  out.model.notes.insert(out.model.notes.begin(), type + " is not a known family: counted as " +
                                                      what +
                                                      " - check the total against the "
                                                      "checkpoint");
  return Status::Ok();
}

bool HasExperts(const TransformerModel& m) {
  for (const Component& c : m.components) {
    if (c.type == "moe") return true;
  }
  return false;
}

// A dense family's rule that left an MoE field unread would count a
// mixture of experts as dense: refused.
Status RefuseUnreadExperts(const json& config, const HfFields& fields, const HfModel& out) {
  if (HasExperts(out.model)) return Status::Ok();
  const std::vector<std::string> unread = fields.Keys(false);
  std::vector<std::string> experts;
  for (const std::string& k : llm::MoeKeys(config)) {
    if (std::find(unread.begin(), unread.end(), k) != unread.end())
      experts.push_back("'" + k + "'");
  }
  if (experts.empty()) return Status::Ok();
  return Status::InvalidArgument(
      out.file + ": model_type '" + out.model_type + "' is counted as a dense model (" +
      out.family + "), but its config has mixture-of-experts field(s) " + JoinNames(experts) +
      " that this family's rule does not read: refusing rather than counting experts as dense");
}

Status MalformedJson(std::string_view text, const std::string& file, size_t byte,
                     const std::string& what) {
  size_t line = 1, column = 1;
  for (size_t i = 0; i + 1 < byte && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  return Status::ParseError(file + ":" + std::to_string(line) + ":" + std::to_string(column) +
                            ": malformed JSON: " + Abbreviate(what, 160));
}

}  // namespace

const std::vector<std::string>& SupportedModelTypes() {
  static const std::vector<std::string> types = [] {
    std::vector<std::string> t;
    for (const Family& f : Families()) t.push_back(f.model_type);
    return t;
  }();
  return types;
}

Result<HfModel> ParseHfConfig(std::string_view json_text, const std::string& file, double seq_len) {
  TF_RETURN_IF_ERROR(CheckNestingDepth(json_text, file));
  json config;
  try {
    config = json::parse(json_text);
  } catch (const json::parse_error& e) {
    std::string what = e.what();
    if (const size_t at = what.find("syntax error"); at != std::string::npos)
      what = what.substr(at);
    return MalformedJson(json_text, file, e.byte, what);
  } catch (const json::exception& e) {
    // A number beyond a double ("1E1643") is out_of_range 406, not a
    // parse_error, and carries no position. Found by fuzz/hf_config_fuzzer.
    std::string what = e.what();
    if (const size_t at = what.find("] "); at != std::string::npos) what = what.substr(at + 2);
    return Status::ParseError(file + ": malformed JSON: " + what);
  }
  if (!config.is_object()) return Status::ParseError(file + ": expected a JSON object");
  HfModel out;
  out.file = file;
  out.model.seq_len = seq_len;
  auto type = config.find("model_type");
  out.model_type =
      type != config.end() && type->is_string() ? Abbreviate(type->get<std::string>()) : "";
  HfFields fields(config, out);
  fields.MarkRead({"model_type"});
  out.max_position_embeddings = fields.Get({"max_position_embeddings", "n_positions"}, 0);
  out.torch_dtype = fields.Text("torch_dtype", "");
  if (const Family* f = FindFamily(out.model_type)) {
    out.family = f->name;
    out.rule = f->rule;
    TF_RETURN_IF_ERROR(f->build(fields, out));
  } else {
    TF_RETURN_IF_ERROR(BuildUnknown(config, fields, out));
  }
  TF_RETURN_IF_ERROR(llm::ApplyLayerSpans(config, fields, out));
  TF_RETURN_IF_ERROR(RefuseUnreadExperts(config, fields, out));
  out.fields_read = fields.Keys(true);
  out.fields_ignored = fields.Keys(false);
  out.model.name = out.model_type;
  return out;
}

}  // namespace trainflops
