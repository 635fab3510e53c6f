// Families with LayerNorm and biases: GPT-2, GPT-NeoX (Pythia), BERT, T5,
// Falcon. Shapes follow transformers' modeling_<family>.py.
#include "blocks.h"
#include "hf_fields.h"
#include "llm_internal.h"

namespace trainflops::llm {
namespace {

void SetDims(HfModel& out, double layers, double d, double vocab) {
  out.model.layers = layers;
  out.model.d_model = d;
  out.model.vocab = vocab;
}

// A GPT-style block: multi-head attention and a 2-matrix MLP, both with
// biases or not, and `norms` LayerNorms of 2d (scale and bias).
BlockGroup GptBlock(double layers, double d, double heads, double kv_heads, double d_ff, bool bias,
                    double norms) {
  BlockGroup g;
  g.label = RangeLabel("layers", 0, layers);
  g.count = layers;
  g.attention.heads = heads;
  g.attention.kv_heads = kv_heads;
  g.attention.head_dim = d / heads;
  g.attention.qkv_bias = g.attention.out_bias = bias;
  g.mlp.d_ff = d_ff;
  g.mlp.bias = bias;
  g.norms = norms;
  g.norm_params = 2 * d;
  g.norm_type = "layernorm";
  return g;
}

}  // namespace

// GPT-2 (modeling_gpt2.py): wte, wpe (n_positions learned positions), per
// block ln_1, c_attn (d x 3d + 3d), c_proj (d x d + d), ln_2, c_fc
// (d x n_inner + n_inner), c_proj; ln_f; lm_head tied to wte.
Status BuildGpt2(HfFields& f, HfModel& out) {
  const double d = f.Need({"n_embd", "hidden_size"}), layers = f.Need({"n_layer"}, kMaxLayers);
  const double heads = f.Need({"n_head"}), vocab = f.Need({"vocab_size"});
  f.CheckGroups({"n_head"}, heads, f.Name({"n_embd", "hidden_size"}), d);
  const double positions = f.Need({"n_positions"});
  const double d_ff = f.Get({"n_inner"}, 4 * d);
  TF_RETURN_IF_ERROR(f.Check());
  SetDims(out, layers, d, vocab);
  AddEmbedding(out.model, "wte", vocab, d);
  AddPositionTable(out.model, "wpe (learned positions)", positions, d);
  AddBlocks(out.model, GptBlock(layers, d, heads, heads, d_ff, true, 2));
  AddFinalNorm(out.model, "ln_f", 2 * d, "layernorm");
  AddLogits(out.model, vocab, d, /*tied=*/true);
  return Status::Ok();
}

// GPT-NeoX / Pythia (modeling_gpt_neox.py): embed_in, per block two
// LayerNorms, query_key_value (d x 3d + 3d), dense, dense_h_to_4h,
// dense_4h_to_h (all with biases); final_layer_norm; embed_out (untied
// unless tie_word_embeddings). Rotary positions have no parameters.
Status BuildGptNeox(HfFields& f, HfModel& out) {
  const double d = f.Need({"hidden_size"}), layers = f.Need({"num_hidden_layers"}, kMaxLayers);
  const double heads = f.Need({"num_attention_heads"}), vocab = f.Need({"vocab_size"});
  f.CheckGroups({"num_attention_heads"}, heads, f.Name({"hidden_size"}), d);
  const double d_ff = f.Need({"intermediate_size"});
  const bool bias = f.Flag("attention_bias", true);
  const bool tied = f.Flag("tie_word_embeddings", false);
  TF_RETURN_IF_ERROR(f.Check());
  SetDims(out, layers, d, vocab);
  AddEmbedding(out.model, "embed_in", vocab, d);
  BlockGroup g = GptBlock(layers, d, heads, heads, d_ff, bias, 2);
  g.mlp.bias = true;  // the MLP always has biases in GPT-NeoX
  AddBlocks(out.model, g);
  AddFinalNorm(out.model, "final_layer_norm", 2 * d, "layernorm");
  AddLogits(out.model, vocab, d, tied);
  out.model.components.back().name = tied ? "embed_out (tied)" : "embed_out";
  return Status::Ok();
}

// BERT (modeling_bert.py, BertModel): word, position and token-type
// embeddings with a LayerNorm; per layer Q, K, V, output dense (biases),
// two LayerNorms, intermediate and output dense (biases); the pooler
// (d x d + d). The MLM/NSP pre-training heads are not part of BertModel.
Status BuildBert(HfFields& f, HfModel& out) {
  const double d = f.Need({"hidden_size"}), layers = f.Need({"num_hidden_layers"}, kMaxLayers);
  const double heads = f.Need({"num_attention_heads"}), vocab = f.Need({"vocab_size"});
  f.CheckGroups({"num_attention_heads"}, heads, f.Name({"hidden_size"}), d);
  const double d_ff = f.Need({"intermediate_size"});
  const double positions = f.Need({"max_position_embeddings"});
  const double types = f.Get({"type_vocab_size"}, 2);
  TF_RETURN_IF_ERROR(f.Check());
  SetDims(out, layers, d, vocab);
  AddEmbedding(out.model, "embeddings.word_embeddings", vocab, d);
  AddPositionTable(out.model, "embeddings.position_embeddings", positions, d);
  AddPositionTable(out.model, "embeddings.token_type_embeddings", types, d);
  AddFinalNorm(out.model, "embeddings.LayerNorm", 2 * d, "layernorm");
  BlockGroup g = GptBlock(layers, d, heads, heads, d_ff, true, 2);
  g.attention.bidirectional = true;
  AddBlocks(out.model, g);
  AddProjection(out.model, "pooler (first token only)", d, d, true);
  out.model.notes.push_back(
      "BERT: counted as BertModel with its pooler (the published 110M); "
      "the MLM and NSP pre-training heads are not counted");
  return Status::Ok();
}

// T5 (modeling_t5.py): a shared embedding; encoder blocks (self-attention
// q, k, v, o of d x H·d_kv without biases, scale-only LayerNorms, a ReLU
// MLP of wi, wo or a gated one of wi_0, wi_1, wo); decoder blocks with
// cross-attention and a third norm; a relative-position bias table
// (buckets x heads) in the first block of each stack; final norms; lm_head
// tied unless tie_word_embeddings is false (T5 v1.1).
Status BuildT5(HfFields& f, HfModel& out) {
  const double d = f.Need({"d_model"}), d_kv = f.Need({"d_kv"}), heads = f.Need({"num_heads"});
  const double d_ff = f.Need({"d_ff"}), enc = f.Need({"num_layers"}, kMaxLayers);
  const double vocab = f.Need({"vocab_size"});
  const double dec = f.Get({"num_decoder_layers"}, enc, kMaxLayers);
  const double buckets = f.Get({"relative_attention_num_buckets"}, 32);
  const bool gated = f.Text("feed_forward_proj", "relu").rfind("gated-", 0) == 0;
  const bool tied = f.Flag("tie_word_embeddings", true);
  TF_RETURN_IF_ERROR(f.Check());
  SetDims(out, enc + dec, d, vocab);
  AddEmbedding(out.model, "shared", vocab, d);
  BlockGroup g;
  g.attention.heads = g.attention.kv_heads = heads;
  g.attention.head_dim = d_kv;
  g.mlp.d_ff = d_ff;
  g.mlp.gated = gated;
  g.norm_params = d;
  g.norm_type = "t5_layernorm (scale only)";
  AddPositionTable(out.model, "encoder relative_attention_bias", buckets, heads);
  g.label = RangeLabel("encoder.block", 0, enc);
  g.count = enc;
  g.attention.bidirectional = true;
  AddBlocks(out.model, g);
  AddFinalNorm(out.model, "encoder.final_layer_norm", d, g.norm_type);
  AddPositionTable(out.model, "decoder relative_attention_bias", buckets, heads);
  g.label = RangeLabel("decoder.block", 0, dec);
  g.count = dec;
  g.attention.bidirectional = false;
  g.cross = g.attention;
  g.cross->bidirectional = true;
  g.cross->name = "cross_attention";
  g.norms = 3;
  AddBlocks(out.model, g);
  AddFinalNorm(out.model, "decoder.final_layer_norm", d, g.norm_type);
  AddLogits(out.model, vocab, d, tied);
  out.model.notes.push_back(
      "T5: each token is counted through the encoder and the decoder, with `seq_len` for both "
      "(6ND's convention for encoder-decoders)");
  return Status::Ok();
}

// Falcon (modeling_falcon.py; RefinedWebModel for falcon-7b, RefinedWeb for
// falcon-40b): word_embeddings; per block a fused query_key_value of
// d x (H + 2·KV)·head_dim (KV = 1 with multi_query, num_kv_heads in the new
// decoder architecture), dense, a 4h MLP (ffn_hidden_size), biases when
// `bias`; LayerNorms: one with parallel_attn, two without, two
// (ln_attn, ln_mlp) in the new architecture; ln_f; lm_head tied.
Status BuildFalcon(HfFields& f, HfModel& out) {
  const double d = f.Need({"hidden_size"}),
               layers = f.Need({"num_hidden_layers", "n_layer"}, kMaxLayers);
  const double heads = f.Need({"num_attention_heads", "n_head"}), vocab = f.Need({"vocab_size"});
  f.CheckGroups({"num_attention_heads", "n_head"}, heads, f.Name({"hidden_size"}), d);
  const bool new_arch = f.Flag("new_decoder_architecture", out.model_type == "RefinedWeb");
  const bool multi_query = f.Flag("multi_query", true);
  const double kv = new_arch ? f.Need({"num_kv_heads", "n_head_kv"}) : (multi_query ? 1 : heads);
  if (new_arch)
    f.CheckGroups({"num_kv_heads", "n_head_kv"}, kv, f.Name({"num_attention_heads", "n_head"}),
                  heads);
  const bool bias = f.Flag("bias", false);
  const bool parallel = f.Flag("parallel_attn", true);
  const double d_ff = f.Get({"ffn_hidden_size"}, 4 * d);
  const double norms = new_arch ? f.Get({"num_ln_in_parallel_attn"}, 2) : (parallel ? 1 : 2);
  const bool tied = f.Flag("tie_word_embeddings", true);
  TF_RETURN_IF_ERROR(f.Check());
  SetDims(out, layers, d, vocab);
  AddEmbedding(out.model, "word_embeddings", vocab, d);
  AddBlocks(out.model, GptBlock(layers, d, heads, kv, d_ff, bias, norms));
  AddFinalNorm(out.model, "ln_f", 2 * d, "layernorm");
  AddLogits(out.model, vocab, d, tied);
  return Status::Ok();
}

}  // namespace trainflops::llm
